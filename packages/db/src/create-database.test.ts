import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import type { DatabaseHandle } from './create-database';
import { SQLITE_FILE_NAME } from './sqlite';
import { createTestDatabase } from './testing';
import type { TestDatabase } from './testing';

describe('createDatabase', () => {
  let testDb: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    await handle?.destroy();
    await testDb?.cleanup();
    handle = undefined;
    testDb = undefined;
  });

  it('opens SQLite in DATA_DIR with WAL, foreign keys and a busy timeout', async () => {
    testDb = await createTestDatabase('sqlite');
    handle = createDatabase({ dataDir: join(testDb.dataDir, 'nested') });
    expect(handle.dialect).toBe('sqlite');
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(handle!.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('synchronous')).toBe(1);
    expect(existsSync(join(testDb.dataDir, 'nested', SQLITE_FILE_NAME))).toBe(true);
  });

  it('treats an empty DATABASE_URL as unset', async () => {
    testDb = await createTestDatabase('sqlite');
    handle = createDatabase({ databaseUrl: '  ', dataDir: testDb.dataDir });
    expect(handle.dialect).toBe('sqlite');
  });

  it('rejects a URL that is not PostgreSQL, naming DATABASE_URL and not echoing the value', () => {
    const attempt = () =>
      createDatabase({ databaseUrl: 'mysql://user:secret@host/db', dataDir: '/nonexistent' });
    expect(attempt).toThrow(/DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
    expect(attempt).not.toThrow(/secret/);
  });

  it('can be destroyed twice', async () => {
    testDb = await createTestDatabase('sqlite');
    handle = createDatabase({ dataDir: testDb.dataDir });
    await handle.destroy();
    await expect(handle.destroy()).resolves.toBeUndefined();
  });
});
