import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of SSH private keys (DESIGN.md section 8): AES-256-GCM with a key derived
 * from APP_SECRET by HKDF for this purpose only, so the JWT keys and this key never coincide.
 * The stored value is a versioned envelope `v1.<iv>.<tag>.<ciphertext>` (base64url parts), so the
 * scheme can change later without guessing what an old row holds. The user id is bound in as
 * additional data: a ciphertext copied to another user's row does not decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

function keyFor(appSecret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', appSecret, 'codedocs-ssh-keys', 'codedocs:ssh-key:aes-256-gcm', 32),
  );
}

/** Encrypts a private key for the row of `userId`. */
export function sealPrivateKey(appSecret: string, userId: string, privateKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(privateKey, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what `sealPrivateKey` wrote; throws on any tampering, wrong user or wrong secret. */
export function openPrivateKey(appSecret: string, userId: string, sealed: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
    throw new Error('unknown private key envelope');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
