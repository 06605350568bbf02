import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './logger';

describe('request logging', () => {
  it('keeps mailed tokens and OAuth codes out of logged URLs', () => {
    expect(redactUrl('/auth/verify?token=eyJabc.def')).toBe('/auth/verify?token=[redacted]');
    expect(redactUrl('/auth/callback?provider=oidc&code=abc&state=xyz&iss=http://i')).toBe(
      '/auth/callback?provider=oidc&code=[redacted]&state=[redacted]&iss=http://i',
    );
    expect(redactUrl('/api/v0/repo?tokenizer=1')).toBe('/api/v0/repo?tokenizer=1');
  });

  it('logs method, redacted URL, host and client address', () => {
    expect(
      serializeRequest({
        method: 'GET',
        url: '/auth/setpassword?token=secret',
        host: 'localhost',
        ip: '127.0.0.1',
        socket: { remotePort: 5000 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/auth/setpassword?token=[redacted]',
      host: 'localhost',
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
    });
  });
});
