import type { SshKeyAlgorithm, SshKeyJson } from '@codedocs/contract';
import type { SshKey } from '@codedocs/db';

/** A key row as the API shows it: public parts only, never `private_key_enc`. */
export function presentSshKey(key: SshKey): SshKeyJson {
  return {
    name: key.name,
    algorithm: key.algorithm as SshKeyAlgorithm,
    date_created: key.created_at,
    public_key: key.public_key,
    fingerprint: key.fingerprint,
  };
}
