import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SSH_KEY_NAME_MAX_LENGTH,
  SSH_KEY_NAME_RULE,
  SSH_KEY_NAME_TOO_LONG,
  sshKeyGenerateResponseSchema,
  sshKeyListResponseSchema,
} from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsealSshKey } from '../../services/ssh-key-service';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('/api/v0/user/ssh-key on %s', (dialect) => {
  let testApp: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  let scratch: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    ({
      token,
      user: { id: userId },
    } = await createVerifiedUser(testApp.app, 'keys@example.com'));
    ({ token: otherToken } = await createVerifiedUser(testApp.app, 'other-keys@example.com'));
    scratch = mkdtempSync(join(tmpdir(), 'codedocs-keys-'));
  });

  afterAll(async () => {
    await testApp?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const generate = (name: string, algorithm: string, auth = token) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v0/user/ssh-key/generate',
      headers: bearer(auth),
      payload: { name, algorithm },
    });

  it.each(['ed25519', 'rsa', 'ecdsa'] as const)(
    'generates an %s key whose stored private key ssh-keygen turns back into the public key',
    async (algorithm) => {
      const response = await generate(`key-${algorithm}`, algorithm);
      expect(response.statusCode).toBe(201);
      const key = sshKeyGenerateResponseSchema.parse(response.json());
      expect(response.body).not.toMatch(/PRIVATE/);
      expect(key.public_key).toMatch(
        new RegExp(`^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256) \\S+ codedocs-key-${algorithm}$`),
      );
      expect(key.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);

      // At rest: an envelope, not a key.
      const row = await testApp.app.db
        .selectFrom('ssh_keys')
        .selectAll()
        .where('name', '=', key.name)
        .executeTakeFirstOrThrow();
      expect(row.private_key_enc).toMatch(/^v1\./);
      expect(row.private_key_enc).not.toMatch(/PRIVATE KEY/);

      const unsealed = await unsealSshKey(testApp.app.services, userId, key.name);
      const file = join(scratch, algorithm);
      writeFileSync(file, unsealed.privateKey, { mode: 0o600 });
      const derived = execFileSync('ssh-keygen', ['-y', '-f', file], { encoding: 'utf8' }).trim();
      expect(key.public_key.startsWith(derived)).toBe(true);
      writeFileSync(`${file}.pub`, `${key.public_key}\n`);
      const listed = execFileSync('ssh-keygen', ['-lf', `${file}.pub`], { encoding: 'utf8' });
      expect(listed.split(' ')[1]).toBe(key.fingerprint);
      if (algorithm === 'rsa') expect(listed.startsWith('4096 ')).toBe(true);
      if (algorithm === 'ecdsa') expect(listed).toMatch(/^256 .*\(ECDSA\)/);
    },
  );

  it('lists public parts only, and another user sees none of them', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user/ssh-key',
      headers: bearer(token),
    });
    expect(response.body).not.toMatch(/PRIVATE|private_key|"v1\./);
    const list = sshKeyListResponseSchema.parse(response.json());
    expect(list.keys.map((key) => key.name).sort()).toEqual(
      ['key-ecdsa', 'key-ed25519', 'key-rsa'].sort(),
    );
    const other = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user/ssh-key',
      headers: bearer(otherToken),
    });
    expect(other.json()).toEqual({ keys: [] });
  });

  it('answers 409 for a duplicate name and lets another user reuse it', async () => {
    expect((await generate('dup', 'ed25519')).statusCode).toBe(201);
    const again = await generate('dup', 'ecdsa');
    expect(again.statusCode).toBe(409);
    expect((await generate('dup', 'ed25519', otherToken)).statusCode).toBe(201);
  });

  it.each([
    ['a name with a space', { name: 'my key', algorithm: 'ed25519' }, 'body.name'],
    ['a name over 64 characters', { name: 'k'.repeat(65), algorithm: 'ed25519' }, 'body.name'],
    ['an empty name', { name: '', algorithm: 'ed25519' }, 'body.name'],
    ['an unknown algorithm', { name: 'fine', algorithm: 'dsa' }, 'body.algorithm'],
  ])('answers 400 naming the field for %s', async (_label, payload, field) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v0/user/ssh-key/generate',
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it.each([
    ['.'],
    ['..'],
    ['a/b'],
    ['../keys'],
    ['a\\b'],
    ['laptop:1'],
    ['ключ'],
    ['k'.repeat(65)],
  ])('refuses the key name %j with 400 naming the rule', async (name) => {
    const response = await generate(name, 'ed25519');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'body.name' });
    expect(response.json().message).toContain(
      name.length > SSH_KEY_NAME_MAX_LENGTH ? SSH_KEY_NAME_TOO_LONG : SSH_KEY_NAME_RULE,
    );
  });

  it('accepts names of letters, digits, dots, underscores and hyphens up to 64 characters', async () => {
    for (const name of ['.laptop', 'ci_runner-2.old', '...', 'k'.repeat(SSH_KEY_NAME_MAX_LENGTH)]) {
      expect((await generate(name, 'ed25519')).statusCode, name).toBe(201);
    }
  });

  it('refuses an unsafe name in the delete path with 400 too', async () => {
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v0/user/ssh-key/a%2Fb',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(SSH_KEY_NAME_RULE);
  });

  it("deletes a key with 204; another user's or an unknown name answers 404", async () => {
    expect((await generate('to-delete', 'ed25519')).statusCode).toBe(201);
    const foreign = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v0/user/ssh-key/to-delete',
      headers: bearer(otherToken),
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v0/user/ssh-key/no-such-key',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v0/user/ssh-key/to-delete',
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    await expect(unsealSshKey(testApp.app.services, userId, 'to-delete')).rejects.toThrow(
      'SSH key not found',
    );
  });

  it('a ciphertext moved to another user does not decrypt', async () => {
    const row = await testApp.app.db
      .selectFrom('ssh_keys')
      .selectAll()
      .where('name', '=', 'key-ed25519')
      .executeTakeFirstOrThrow();
    const { openPrivateKey } = await import('../../ssh-keys/private-key-box');
    expect(() =>
      openPrivateKey(testApp.app.config.appSecret, 'someone-else', row.private_key_enc),
    ).toThrow();
  });

  it.each([
    { method: 'GET' as const, url: '/api/v0/user/ssh-key' },
    {
      method: 'POST' as const,
      url: '/api/v0/user/ssh-key/generate',
      payload: { name: 'c', algorithm: 'ed25519' },
    },
    { method: 'DELETE' as const, url: '/api/v0/user/ssh-key/key-rsa' },
  ])('$method $url with only the jwt cookie answers 401', async (route) => {
    const response = await testApp.app.inject({ ...route, cookies: { jwt: token } });
    expect(response.statusCode).toBe(401);
  });
});
