import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File inside DATA_DIR that keeps the generated APP_SECRET across restarts. */
export const APP_SECRET_FILE = 'app-secret';
/** Shortest APP_SECRET accepted: 32 characters, roughly 192 bits of base64 material. */
export const MIN_APP_SECRET_LENGTH = 32;

function readSecretFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The secret used when APP_SECRET is unset: read from `<dataDir>/app-secret`, or generated once
 * (32 random bytes, base64url) and written there with mode 0600. Reusing it keeps sessions and
 * encrypted SSH keys valid across restarts. `wx` makes two processes starting at once agree on
 * the first one's secret.
 */
export function loadOrCreateAppSecret(dataDir: string): string {
  const path = join(dataDir, APP_SECRET_FILE);
  let secret = readSecretFile(path);
  if (secret === undefined) {
    try {
      writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    secret = readSecretFile(path) ?? '';
  }
  // A file copied in by hand (or made before this rule) is made private too; one mounted
  // read-only or owned by another user is left as its owner made it.
  if ((statSync(path).mode & 0o077) !== 0) {
    try {
      chmodSync(path, 0o600);
    } catch {
      // EPERM / EROFS: not ours to change.
    }
  }
  if (secret.length < MIN_APP_SECRET_LENGTH) {
    throw new Error(
      `${path} holds a secret shorter than ${MIN_APP_SECRET_LENGTH} characters; delete the file to generate a new one or set APP_SECRET`,
    );
  }
  return secret;
}
