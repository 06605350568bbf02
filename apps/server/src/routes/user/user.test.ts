import { userProfileSchema } from '@codedocs/contract';
import type { TableName } from '@codedocs/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('/api/v0/user on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers the profile with purchases and changes name and description', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'profile@example.com');
    const profile = userProfileSchema.parse(
      (
        await testApp.app.inject({ method: 'GET', url: '/api/v0/user', headers: bearer(token) })
      ).json(),
    );
    expect(profile).toMatchObject({
      id: user.id,
      name: 'Ada',
      email: 'profile@example.com',
      description: '',
      login_method: 'password',
      email_verified: true,
      purchases: [],
    });

    const patched = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v0/user',
      headers: bearer(token),
      payload: { name: '  Ada Lovelace ', description: 'Analyst' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Ada Lovelace', description: 'Analyst' });

    const empty = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v0/user',
      headers: bearer(token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('deletes the user and every row the user owns, and ends the session', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'leaving@example.com');
    const other = await createVerifiedUser(testApp.app, 'staying@example.com');
    const db = testApp.app.db;
    await db
      .insertInto('ssh_keys')
      .values({
        id: 'k1',
        user_id: user.id,
        name: 'laptop',
        algorithm: 'ed25519',
        public_key: 'ssh-ed25519 AAAA',
        private_key_enc: 'x',
        fingerprint: 'SHA256:x',
      })
      .execute();
    await db
      .insertInto('repos')
      .values({
        id: 'r1',
        user_id: user.id,
        url: 'https://e.com/a.git',
        name: 'a',
        method: 'https',
        status: 'connected',
      })
      .execute();
    await db.insertInto('compilations').values({ id: 'c1', user_id: user.id, name: 'c' }).execute();
    await db
      .insertInto('purchases')
      .values({
        id: 'p1',
        user_id: user.id,
        plan_id: 'pro',
        status: 'paid',
        amount: 1500,
        currency: 'usd',
        provider: 'test',
      })
      .execute();
    await db
      .insertInto('oauth_accounts')
      .values({ provider: 'oidc', subject: 's1', user_id: user.id })
      .execute();

    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user',
      headers: bearer(token),
    });
    expect(profile.json().purchases).toEqual([
      expect.objectContaining({ purchase_id: 'p1', plan: 'pro', amount: 1500, status: 'paid' }),
    ]);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v0/user',
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/v0/user', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);

    const owned: TableName[] = [
      'sessions',
      'auth_tokens',
      'ssh_keys',
      'repos',
      'compilations',
      'subscriptions',
      'purchases',
      'oauth_accounts',
    ];
    for (const table of owned) {
      const rows = await db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect({ table, rows }).toEqual({ table, rows: [] });
    }
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [],
    );
    // Nobody else is touched.
    const kept = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user',
      headers: bearer(other.token),
    });
    expect(kept.statusCode).toBe(200);
  });
});
