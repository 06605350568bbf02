import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidTokenError, Tokens, TOKEN_LIFETIME_SECONDS } from './tokens';
import { TOKEN_TYPES } from './token-keys';
import type { TokenType } from './token-keys';

const tokens = new Tokens('unit-test-secret-that-is-long-enough');

const SAMPLE: { [T in TokenType]: Parameters<Tokens['sign']>[1] } = {
  session: { sub: 'u1', sid: 's1', tid: 't1' },
  verify: { sub: 'u1', jti: 'j1' },
  reset: { sub: 'u1', jti: 'j1' },
  plan: { sub: 'u1', plan: 'free' },
  'oauth-state': { provider: 'oidc', state: 's', verifier: 'v', nonce: 'n', next: '/app' },
  site: { sub: 'u1', folder: 'f1' },
  'shared-site': { sub: 'share1', folder: 'f1' },
};

describe('typed tokens', () => {
  it('round-trips every type with issuer, audience, type and its expiry', async () => {
    for (const type of TOKEN_TYPES) {
      const token = await tokens.sign(type, SAMPLE[type] as never);
      expect(await tokens.verify(type, token)).toEqual(SAMPLE[type]);
      const [header = '', payload = ''] = token.split('.');
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
        alg: 'HS256',
      });
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      expect(claims).toMatchObject({ iss: 'codedocs', aud: `codedocs:${type}`, typ: type });
      expect(claims.exp - claims.iat).toBe(TOKEN_LIFETIME_SECONDS[type]);
    }
  });

  it('never verifies a token of one type as another', async () => {
    for (const signed of TOKEN_TYPES) {
      const token = await tokens.sign(signed, SAMPLE[signed] as never);
      for (const expected of TOKEN_TYPES.filter((type) => type !== signed)) {
        await expect(tokens.verify(expected, token)).rejects.toBeInstanceOf(InvalidTokenError);
      }
    }
  });

  it('refuses alg none, other algorithms, other keys, expired tokens and missing claims', async () => {
    const base = { sid: 's1', tid: 't1', typ: 'session' };
    const none = new UnsecuredJWT(base)
      .setSubject('u1')
      .setIssuer('codedocs')
      .setAudience('codedocs:session')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const hs384 = await new SignJWT(base)
      .setProtectedHeader({ alg: 'HS384' })
      .setSubject('u1')
      .setIssuer('codedocs')
      .setAudience('codedocs:session')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(48));
    const otherKey = await new Tokens('another-secret-that-is-long-enough!').sign('session', {
      sub: 'u1',
      sid: 's1',
      tid: 't1',
    });
    const expired = await tokens.sign('session', { sub: 'u1', sid: 's1', tid: 't1' }, -1);
    const missing = await tokens.sign('session', { sub: 'u1', sid: 's1' } as never);
    for (const token of [none, hs384, otherKey, expired, missing, '', 'a.b.c']) {
      await expect(tokens.verify('session', token)).rejects.toBeInstanceOf(InvalidTokenError);
    }
  });

  describe('a token verified lately', () => {
    afterEach(() => vi.useRealTimers());

    it('is answered again until it expires, and never as another type', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const token = await tokens.sign('session', SAMPLE.session as never, 30);
      const claims = await tokens.verify('session', token);
      expect(claims).toEqual(SAMPLE.session);
      // the caller may change its copy; the kept claims stay as verified
      (claims as { sub: string }).sub = 'someone else';
      expect(await tokens.verify('session', token)).toEqual(SAMPLE.session);
      await expect(tokens.verify('plan', token)).rejects.toBeInstanceOf(InvalidTokenError);
      vi.setSystemTime(Date.now() + 31_000);
      await expect(tokens.verify('session', token)).rejects.toBeInstanceOf(InvalidTokenError);
    });
  });
});
