import { authConfigResponseSchema, sessionListResponseSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('sessions, sign-in methods and login config on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, {
      github: {
        clientId: 'id',
        clientSecret: 'secret',
        baseUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
    });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, token: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('lists live sessions, marks the current one, and ends another of the same user', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'list@example.com');
    const second = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'list@example.com', password: 'correct horse battery' },
      headers: { 'user-agent': 'Second Browser' },
    });
    const secondToken = second.json().token as string;

    const listed = sessionListResponseSchema.parse(
      (await get('/api/v1/auth/sessions', token)).json(),
    );
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    const other = listed.sessions.find((session) => !session.current);
    expect(other?.user_agent).toBe('Second Browser');

    const ended = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${other?.session_id}`,
      headers: bearer(token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await get('/api/v0/user', secondToken)).statusCode).toBe(401);
    const after = sessionListResponseSchema.parse(
      (await get('/api/v1/auth/sessions', token)).json(),
    );
    expect(after.sessions).toHaveLength(1);
  });

  it("answers 404 for another user's session and leaves it alive", async () => {
    const alice = await createVerifiedUser(testApp.app, 'alice@example.com');
    const bob = await createVerifiedUser(testApp.app, 'bob@example.com');
    const bobSession = (await testApp.app.tokens.verify('session', bob.token)).sid;
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${bobSession}`,
      headers: bearer(alice.token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    expect((await get('/api/v0/user', bob.token)).statusCode).toBe(200);
    const unknown = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/sessions/does-not-exist',
      headers: bearer(alice.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists sign-in methods', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'methods@example.com');
    const response = await get('/api/v1/auth/methods', token);
    expect(response.json()).toEqual({ password: true, oauth: [] });
  });

  it('tells the login screen the providers, the outbox mode and the billing mode', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(authConfigResponseSchema.parse(response.json())).toEqual({
      providers: [{ id: 'github', name: 'GitHub' }],
      mail_outbox: true,
      billing: 'test',
    });
  });
});
