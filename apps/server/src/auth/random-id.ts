import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A new opaque id for a table row. */
export function newId(): string {
  return randomUUID();
}

/** 256 random bits, base64url: the secret part of verify and reset tokens and session token ids. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a secret: what the database stores instead of the secret itself. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
