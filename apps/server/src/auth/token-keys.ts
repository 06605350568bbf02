import { hkdfSync } from 'node:crypto';

/** Every kind of token the server signs; each has its own key and audience. */
export const TOKEN_TYPES = [
  'session',
  'verify',
  'reset',
  'plan',
  'oauth-state',
  'site',
  'shared-site',
] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/**
 * One 256-bit HMAC key per token type, derived from APP_SECRET with HKDF-SHA256. Separate keys
 * mean a token of one type can never verify as another, even if a claim check were forgotten.
 */
export function deriveTokenKeys(appSecret: string): Record<TokenType, Uint8Array> {
  const keys = {} as Record<TokenType, Uint8Array>;
  for (const type of TOKEN_TYPES) {
    keys[type] = new Uint8Array(
      hkdfSync('sha256', appSecret, 'codedocs-jwt', `codedocs:${type}:hs256`, 32),
    );
  }
  return keys;
}
