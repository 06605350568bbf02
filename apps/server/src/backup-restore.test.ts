import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite, SQLITE_FILE_NAME } from '@codedocs/db';
import { createTestDatabase, type TestDatabase } from '@codedocs/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { loadOrCreateAppSecret } from './secrets/app-secret';
import { unsealSshKey } from './services/ssh-key-service';
import { bearer, createVerifiedUser } from './test/accounts';
import { testConfig, testDialects } from './test/test-app';

const dialects = await testDialects();
const PASSWORD = 'a backed up passphrase';

/**
 * Issue 23: the backup and restore procedures of docs/OPERATIONS.md, as written there. A running
 * app gets an account, an encrypted SSH key and a pocket; it is backed up while it runs (SQLite:
 * `VACUUM INTO`; PostgreSQL: `pg_dump -Fc`), everything is wiped, the backup is restored
 * (a file copy; `pg_restore`), and a new app on the restored data has all of it.
 */
describe.each(dialects)('backup and restore on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let scratch: string | undefined;
  let app: App | undefined;

  afterEach(async () => {
    await app?.close();
    await database?.cleanup();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('brings back accounts, keys and pockets after the data is wiped', async () => {
    database = await createTestDatabase(dialect);
    scratch = mkdtempSync(join(tmpdir(), 'codedocs-backup-'));
    // the secret lives in DATA_DIR/app-secret when APP_SECRET is unset, as in most installs
    const config = testConfig(database, { appSecret: loadOrCreateAppSecret(database.dataDir) });
    app = await buildApp(config);
    const session = await createVerifiedUser(app, 'kept@example.com', PASSWORD);
    const key = await app.inject({
      method: 'POST',
      url: '/api/v0/user/ssh-key/generate',
      headers: bearer(session.token),
      payload: { name: 'deploy', algorithm: 'ed25519' },
    });
    expect(key.statusCode).toBe(201);
    const pocket = await app.inject({
      method: 'POST',
      url: '/api/v0/compilation',
      headers: bearer(session.token),
      payload: { name: 'Kept pocket' },
    });
    expect(pocket.statusCode, pocket.body).toBeLessThan(300);

    // back up while the app runs
    const dump = join(scratch, dialect === 'sqlite' ? 'codedocs.sqlite' : 'codedocs.dump');
    if (dialect === 'sqlite') {
      const live = new SQLite(join(database.dataDir, SQLITE_FILE_NAME), { readonly: true });
      live.prepare('VACUUM INTO ?').run(dump);
      live.close();
    } else {
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, database.databaseUrl!]);
    }
    copyFileSync(join(database.dataDir, 'app-secret'), join(scratch, 'app-secret'));
    await app.close();
    app = undefined;

    // wipe: DATA_DIR emptied, the PostgreSQL schema dropped
    for (const name of readdirSync(database.dataDir)) {
      rmSync(join(database.dataDir, name), { recursive: true, force: true });
    }
    if (dialect === 'postgres') {
      execFileSync('psql', [
        database.databaseUrl!,
        '-q',
        '-c',
        'DROP SCHEMA public CASCADE; CREATE SCHEMA public;',
      ]);
    }

    // restore
    copyFileSync(join(scratch, 'app-secret'), join(database.dataDir, 'app-secret'));
    if (dialect === 'sqlite') {
      copyFileSync(dump, join(database.dataDir, SQLITE_FILE_NAME));
    } else {
      execFileSync('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        `--dbname=${database.databaseUrl!}`,
        dump,
      ]);
    }

    const restored = testConfig(database, { appSecret: loadOrCreateAppSecret(database.dataDir) });
    expect(restored.appSecret).toBe(config.appSecret);
    app = await buildApp(restored);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'kept@example.com', password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json<{ token: string }>().token;
    const pockets = await app.inject({
      method: 'GET',
      url: '/api/v0/compilation/metadata',
      headers: bearer(token),
    });
    expect(pockets.body).toContain('Kept pocket');
    // the SSH key still decrypts: the secret came back with the data
    const unsealed = await unsealSshKey(app.services, session.user.id, 'deploy');
    expect(unsealed.privateKey).toContain('PRIVATE KEY');
  });
});
