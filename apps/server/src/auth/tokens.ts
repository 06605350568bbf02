import { jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';
import { deriveTokenKeys } from './token-keys';
import type { TokenType } from './token-keys';

export type { TokenType } from './token-keys';

/** The issuer of every token; audiences are `codedocs:<type>`. */
export const TOKEN_ISSUER = 'codedocs';
const ALGORITHM = 'HS256';

/** How long each token type lives, in seconds. */
export const TOKEN_LIFETIME_SECONDS: Record<TokenType, number> = {
  session: 14 * 24 * 60 * 60,
  verify: 24 * 60 * 60,
  reset: 60 * 60,
  plan: 60 * 60,
  'oauth-state': 10 * 60,
  /** A link to open one folder's site (read-only): an hour of browsing. */
  site: 60 * 60,
  /** A public link's site: an hour, and every file still checks the link is live. */
  'shared-site': 60 * 60,
};

/** Claims every token of a type carries besides iss/aud/iat/exp and `typ`. */
export interface TokenClaims {
  session: { sub: string; sid: string; tid: string };
  verify: { sub: string; jti: string };
  reset: { sub: string; jti: string };
  plan: { sub: string; plan: string };
  'oauth-state': {
    provider: string;
    state: string;
    verifier: string;
    nonce: string;
    next: string;
  };
  site: { sub: string; folder: string };
  /** `sub` is the share (a public link), not a user. */
  'shared-site': { sub: string; folder: string };
}

/** Thrown for any token that does not verify; callers turn it into their own 401/403/400. */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(`Invalid token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

function stringClaim(payload: JWTPayload, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string' || value === '') throw new InvalidTokenError(`missing ${name}`);
  return value;
}

const CLAIM_NAMES: { [T in TokenType]: (keyof TokenClaims[T] & string)[] } = {
  session: ['sub', 'sid', 'tid'],
  verify: ['sub', 'jti'],
  reset: ['sub', 'jti'],
  plan: ['sub', 'plan'],
  'oauth-state': ['provider', 'state', 'verifier', 'nonce', 'next'],
  site: ['sub', 'folder'],
  'shared-site': ['sub', 'folder'],
};

/** Verified tokens kept (a bounded map, oldest first out). */
const VERIFIED_KEPT = 1024;
/** How long a verified token is kept at most. */
const VERIFIED_KEEP_MS = 60_000;

/**
 * Signs and verifies the server's JWTs: HS256 only (a token announcing any other algorithm,
 * `none` included, is refused before its signature is looked at), a key per type, issuer and
 * audience checked, and an expiry on every token.
 */
export class Tokens {
  readonly #keys: Record<TokenType, Uint8Array>;
  /**
   * Tokens verified lately, by type and token, with their claims: the same session token comes
   * with every request of a client, and checking its signature again (WebCrypto, a few awaits)
   * cost more than the rest of authenticating it. A hit still honours the expiry, so the answer
   * is the one a full check would give; only successes are kept.
   */
  readonly #verified = new Map<string, { claims: Record<string, string>; until: number }>();

  constructor(appSecret: string) {
    this.#keys = deriveTokenKeys(appSecret);
  }

  /** A signed token of `type` that expires after the type's lifetime (or `lifetimeSeconds`). */
  async sign<T extends TokenType>(
    type: T,
    claims: TokenClaims[T],
    lifetimeSeconds = TOKEN_LIFETIME_SECONDS[type],
  ): Promise<string> {
    const { sub, ...rest } = claims as Record<string, string>;
    const jwt = new SignJWT({ ...rest, typ: type })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(`codedocs:${type}`)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds);
    if (sub !== undefined) jwt.setSubject(sub);
    return jwt.sign(this.#keys[type]);
  }

  /** The claims of a valid token of `type`; throws InvalidTokenError for anything else. */
  async verify<T extends TokenType>(type: T, token: string): Promise<TokenClaims[T]> {
    const key = `${type}\0${token}`;
    const known = this.#verified.get(key);
    if (known && Date.now() < known.until) return { ...known.claims } as TokenClaims[T];
    this.#verified.delete(key);
    const { claims, exp } = await this.#verifyFully(type, token);
    // a token is kept VERIFIED_KEEP_MS at most, and never past its expiry
    this.#verified.set(key, { claims, until: Math.min(Date.now() + VERIFIED_KEEP_MS, exp * 1000) });
    if (this.#verified.size > VERIFIED_KEPT) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
    return { ...claims } as TokenClaims[T];
  }

  /** The full check: signature, algorithm, issuer, audience, expiry, type and claims. */
  async #verifyFully(
    type: TokenType,
    token: string,
  ): Promise<{ claims: Record<string, string>; exp: number }> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.#keys[type], {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: `codedocs:${type}`,
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.name : 'unreadable');
    }
    if (payload.typ !== type) throw new InvalidTokenError('wrong type');
    const claims: Record<string, string> = {};
    for (const name of CLAIM_NAMES[type]) claims[name] = stringClaim(payload, name);
    // jwtVerify required `exp`
    return { claims, exp: Number(payload.exp) };
  }
}
