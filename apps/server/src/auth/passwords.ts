import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (128 MiB per hash). */
export const DEFAULT_LOG2_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below that for N=2^17.
  const maxmem = 2 * 128 * (options.N ?? 2) * (options.r ?? 8);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password with scrypt. The result keeps its parameters,
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so they can be raised later without
 * breaking stored hashes. `log2N` is the cost; only tests pass a lower one (`Config.passwordHashLog2N`).
 */
export async function hashPassword(password: string, log2N = DEFAULT_LOG2_N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, {
    N: 2 ** log2N,
    r: BLOCK_SIZE,
    p: PARALLELISM,
  });
  return [
    'scrypt',
    log2N,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** One dummy hash per cost, made on first use. */
const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as checking a real password of the same cost, for addresses that have
 * none, so the answer time does not tell whether an account exists.
 */
export async function burnPasswordCheck(password: string, log2N = DEFAULT_LOG2_N): Promise<void> {
  let dummyHash = dummyHashes.get(log2N);
  if (!dummyHash) {
    dummyHash = hashPassword('not-a-real-password-just-for-timing', log2N);
    dummyHashes.set(log2N, dummyHash);
  }
  await verifyPassword(password, await dummyHash);
}
