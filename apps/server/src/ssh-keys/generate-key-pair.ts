import { generateKeyPair } from 'node:crypto';
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { SshKeyAlgorithm } from '@codedocs/contract';
import {
  fingerprintOfBlob,
  openSshPrivateKey,
  openSshPublicKey,
  publicKeyBlob,
} from './openssh-format';

const generate = promisify(generateKeyPair) as (
  type: string,
  options: object,
) => Promise<{ publicKey: KeyObject; privateKey: KeyObject }>;

/** What a new key consists of; `privateKey` must be encrypted before it is stored. */
export interface SshKeyPair {
  publicKey: string;
  privateKey: string;
  fingerprint: string;
}

/** node:crypto parameters per algorithm: RSA 4096 bits, ECDSA on P-256. */
const PARAMETERS: Record<SshKeyAlgorithm, [string, object]> = {
  ed25519: ['ed25519', {}],
  rsa: ['rsa', { modulusLength: 4096, publicExponent: 0x10001 }],
  ecdsa: ['ec', { namedCurve: 'P-256' }],
};

/**
 * A new key pair in OpenSSH formats. Generation is asynchronous because RSA 4096 takes around a
 * second of CPU, which must not block the event loop.
 */
export async function generateSshKeyPair(
  algorithm: SshKeyAlgorithm,
  comment: string,
): Promise<SshKeyPair> {
  const [type, options] = PARAMETERS[algorithm];
  const { privateKey } = await generate(type, options);
  const jwk: JsonWebKey = privateKey.export({ format: 'jwk' });
  return {
    publicKey: openSshPublicKey(jwk, comment),
    privateKey: openSshPrivateKey(jwk, comment),
    fingerprint: fingerprintOfBlob(publicKeyBlob(jwk)),
  };
}
