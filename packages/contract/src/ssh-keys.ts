import { z } from 'zod';

/** Key types the server generates: ed25519, RSA 4096 and ECDSA on P-256. */
export const SSH_KEY_ALGORITHMS = ['ed25519', 'rsa', 'ecdsa'] as const;
export const sshKeyAlgorithmSchema = z.enum(SSH_KEY_ALGORITHMS);
export type SshKeyAlgorithm = z.infer<typeof sshKeyAlgorithmSchema>;

export const SSH_KEY_NAME_MAX_LENGTH = 64;

/** Why a key name was refused (the 400's message and the form's hint). */
export const SSH_KEY_NAME_RULE =
  'Use only letters, digits, dot, underscore and hyphen; the name cannot be "." or ".."';
export const SSH_KEY_NAME_TOO_LONG = `At most ${SSH_KEY_NAME_MAX_LENGTH} characters`;

/**
 * A key name: letters, digits, dot, underscore and hyphen, never `.` or `..` on their own (a
 * path segment that means "here" or "up"). It ends up in a URL path and in the public key's
 * comment, so nothing that needs escaping is allowed.
 */
export const sshKeyNameSchema = z
  .string()
  .min(1, 'Give the key a name')
  .max(SSH_KEY_NAME_MAX_LENGTH, SSH_KEY_NAME_TOO_LONG)
  .regex(/^[A-Za-z0-9._-]+$/, SSH_KEY_NAME_RULE)
  .refine((name) => name !== '.' && name !== '..', SSH_KEY_NAME_RULE);

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
