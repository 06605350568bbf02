import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import { createTestDatabase, testDialects } from './testing';

const dialects = await testDialects();

describe('testDialects', () => {
  it('always includes SQLite', () => {
    expect(dialects[0]).toBe('sqlite');
  });
});

describe.each(dialects)('createTestDatabase on %s', (dialect) => {
  it('gives a usable empty database and removes every trace on cleanup', async () => {
    const testDb = await createTestDatabase(dialect);
    expect(existsSync(testDb.dataDir)).toBe(true);
    expect(testDb.databaseUrl === undefined).toBe(dialect === 'sqlite');

    const handle = createDatabase(testDb);
    await sql`select 1`.execute(handle.db);
    // Left open on purpose: cleanup must disconnect clients a failed test forgot.
    await testDb.cleanup();
    await handle.destroy();

    expect(existsSync(testDb.dataDir)).toBe(false);
    if (testDb.databaseUrl) {
      const again = createDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
      await expect(sql`select 1`.execute(again.db)).rejects.toThrow(/does not exist/);
      await again.destroy();
    }
  });
});
