import { z } from 'zod';

/** Key types the server generates: ed25519, RSA 4096 and ECDSA on P-256. */
export const SSH_KEY_ALGORITHMS = ['ed25519', 'rsa', 'ecdsa'] as const;
export const sshKeyAlgorithmSchema = z.enum(SSH_KEY_ALGORITHMS);
export type SshKeyAlgorithm = z.infer<typeof sshKeyAlgorithmSchema>;

export const SSH_KEY_NAME_MAX_LENGTH = 64;

/**
 * A key name: letters, digits, dot, underscore and hyphen. It ends up in a URL path and in the
 * public key's comment, so nothing that needs escaping is allowed.
 */
export const sshKeyNameSchema = z
  .string()
  .min(1, 'Give the key a name')
  .max(SSH_KEY_NAME_MAX_LENGTH, `At most ${SSH_KEY_NAME_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Use only letters, digits, dot, underscore and hyphen');

/** One key as the list shows it; only the public half ever leaves the server. */
export const sshKeySchema = z
  .object({
    name: z.string(),
    algorithm: sshKeyAlgorithmSchema,
    date_created: z.string(),
    /** OpenSSH one-line form: `<type> <base64> codedocs-<name>`. */
    public_key: z.string(),
    /** `SHA256:<base64>` as `ssh-keygen -lf` prints it. */
    fingerprint: z.string(),
  })
  .meta({ id: 'SshKey' });
export type SshKeyJson = z.infer<typeof sshKeySchema>;

/** `GET /api/v0/user/ssh-key`. */
export const sshKeyListResponseSchema = z.object({ keys: z.array(sshKeySchema) });
export type SshKeyListResponse = z.infer<typeof sshKeyListResponseSchema>;

/** `POST /api/v0/user/ssh-key/generate`. */
export const sshKeyGenerateRequestSchema = z.object({
  name: sshKeyNameSchema,
  algorithm: sshKeyAlgorithmSchema,
});
export type SshKeyGenerateRequest = z.infer<typeof sshKeyGenerateRequestSchema>;

/** The new key: name, date_created and public_key (spec section 7), plus its fingerprint. */
export const sshKeyGenerateResponseSchema = z.object({
  name: z.string(),
  algorithm: sshKeyAlgorithmSchema,
  date_created: z.string(),
  public_key: z.string(),
  fingerprint: z.string(),
});
export type SshKeyGenerateResponse = z.infer<typeof sshKeyGenerateResponseSchema>;

/** `DELETE /api/v0/user/ssh-key/{name}` path parameters. */
export const sshKeyNameParamsSchema = z.object({ name: sshKeyNameSchema });
