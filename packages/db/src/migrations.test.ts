import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import type { DatabaseHandle } from './create-database';
import { migrateToLatest, migrateToNone } from './migrate';
import { OBJECT_NAMES_TABLE } from './migrations/0009-object-search';
import { migrationsFor } from './migrations/index';
import { TABLE_NAMES } from './tables';
import { createTestDatabase, testDialects } from './testing';
import type { TestDatabase } from './testing';

const dialects = await testDialects();
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(dialects)('migrations on %s', (dialect) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    handle = createDatabase(testDb);
    await migrateToLatest(handle.db, handle.dialect);
  });

  afterAll(async () => {
    await handle?.destroy();
    await testDb?.cleanup();
  });

  async function tableNames(): Promise<string[]> {
    const tables = await handle.db.introspection.getTables();
    // SQLite's full-text index of object names (migration 0009) and its shadow tables
    const searchIndex = (name: string) => name.startsWith(OBJECT_NAMES_TABLE);
    return tables
      .map((table) => table.name)
      .filter((name) => !searchIndex(name))
      .sort();
  }

  async function insertUser(id: string, email = `${id}@example.com`): Promise<void> {
    await handle.db.insertInto('users').values({ id, email }).execute();
  }

  it('opens the dialect it was asked for', () => {
    expect(handle.dialect).toBe(dialect);
  });

  it('creates every table of the schema', async () => {
    expect(await tableNames()).toEqual([...TABLE_NAMES].sort());
  });

  it('does nothing when run again', async () => {
    expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
    expect(await tableNames()).toEqual([...TABLE_NAMES].sort());
  });

  it('reads default and written timestamps back as ISO-8601 UTC strings', async () => {
    const before = new Date().toISOString();
    await handle.db
      .insertInto('users')
      .values({
        id: 'u-time',
        email: 'time@example.com',
        email_verified_at: '2026-01-02T03:04:05.678Z',
      })
      .execute();
    const user = await handle.db
      .selectFrom('users')
      .select(['created_at', 'email_verified_at'])
      .where('id', '=', 'u-time')
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBe('2026-01-02T03:04:05.678Z');
    expect(user.created_at).toMatch(ISO_UTC);
    // Same format on both sides, so plain string comparison orders by time.
    expect(user.created_at >= before.slice(0, 19)).toBe(true);
  });

  it('reads bigint columns and counts as numbers', async () => {
    await insertUser('u-big');
    await handle.db
      .insertInto('repos')
      .values({
        id: 'r-big',
        user_id: 'u-big',
        url: 'https://example.com/a.git',
        name: 'a',
        method: 'https',
        status: 'connected',
      })
      .execute();
    await handle.db
      .insertInto('files')
      .values({
        repo_id: 'r-big',
        commit_id: 'c1',
        path: 'big.bin',
        file_id: 'f-big',
        name: 'big.bin',
        extension: 'bin',
        size: 5_000_000_000,
        blob_sha: 'b',
        mode: '100644',
      })
      .execute();
    const file = await handle.db
      .selectFrom('files')
      .select('size')
      .where('file_id', '=', 'f-big')
      .executeTakeFirstOrThrow();
    expect(file.size).toBe(5_000_000_000);
    const { count } = await handle.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it('keeps e-mail addresses lower-case and unique', async () => {
    await insertUser('u-mail', 'mail@example.com');
    await expect(insertUser('u-upper', 'Upper@Example.com')).rejects.toThrow();
    await expect(insertUser('u-dup', 'mail@example.com')).rejects.toThrow();
  });

  it('allows one SSH key name per user', async () => {
    await insertUser('u-keys');
    const key = {
      user_id: 'u-keys',
      name: 'laptop',
      algorithm: 'ed25519',
      public_key: 'p',
      private_key_enc: 'e',
      fingerprint: 'f',
    };
    await handle.db
      .insertInto('ssh_keys')
      .values({ id: 'k1', ...key })
      .execute();
    await expect(
      handle.db
        .insertInto('ssh_keys')
        .values({ id: 'k2', ...key })
        .execute(),
    ).rejects.toThrow();
  });

  it('deletes everything a user owns with the user', async () => {
    const { db } = handle;
    await insertUser('u-gone');
    await db
      .insertInto('repos')
      .values({
        id: 'r-gone',
        user_id: 'u-gone',
        url: 'https://example.com/r.git',
        name: 'r',
        method: 'https',
        status: 'connected',
      })
      .execute();
    await db
      .insertInto('code_objects')
      .values({
        id: 'o-gone',
        repo_id: 'r-gone',
        file_path: 'a.ts',
        name: 'f',
        qualified_name: 'f',
        kind: 'function',
        language: 'typescript',
        signature: 'f()',
        line_start: 1,
        line_end: 2,
        code_hash: 'h',
      })
      .execute();
    await db
      .insertInto('docs')
      .values({
        repo_id: 'r-gone',
        object_id: 'o-gone',
        field_id: 'summary',
        value: 'Does f.',
        source: 'generated',
      })
      .execute();
    await db
      .insertInto('compilations')
      .values({ id: 'c-gone', user_id: 'u-gone', name: 'c' })
      .execute();
    await db
      .insertInto('compilation_objects')
      .values({ compilation_id: 'c-gone', repo_id: 'r-gone', object_id: 'o-gone' })
      .execute();
    await db
      .insertInto('jobs')
      .values({ id: 'j-gone', user_id: 'u-gone', kind: 'repo.connect' })
      .execute();
    await db
      .insertInto('events')
      .values({ id: 'e-gone', user_id: 'u-gone', kind: 'login' })
      .execute();

    await db.deleteFrom('users').where('id', '=', 'u-gone').execute();

    const remaining = {
      repos: await db.selectFrom('repos').where('id', '=', 'r-gone').selectAll().execute(),
      code_objects: await db
        .selectFrom('code_objects')
        .where('id', '=', 'o-gone')
        .selectAll()
        .execute(),
      docs: await db.selectFrom('docs').where('object_id', '=', 'o-gone').selectAll().execute(),
      compilations: await db
        .selectFrom('compilations')
        .where('id', '=', 'c-gone')
        .selectAll()
        .execute(),
      compilation_objects: await db
        .selectFrom('compilation_objects')
        .where('compilation_id', '=', 'c-gone')
        .selectAll()
        .execute(),
      jobs: await db.selectFrom('jobs').where('id', '=', 'j-gone').selectAll().execute(),
      events: await db.selectFrom('events').where('id', '=', 'e-gone').selectAll().execute(),
    };
    expect(Object.values(remaining).flat()).toEqual([]);
  });

  it('keeps the rotating token ids of a session and counts throttle events', async () => {
    await insertUser('u-sess');
    await handle.db
      .insertInto('sessions')
      .values({
        id: 's-1',
        user_id: 'u-sess',
        token_id: 'current',
        previous_token_id: 'before',
        rotated_at: '2026-01-02T03:04:05.678Z',
        expires_at: '2027-01-01T00:00:00.000Z',
      })
      .execute();
    const session = await handle.db
      .selectFrom('sessions')
      .select(['token_id', 'previous_token_id', 'rotated_at'])
      .where('id', '=', 's-1')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({
      token_id: 'current',
      previous_token_id: 'before',
      rotated_at: '2026-01-02T03:04:05.678Z',
    });
    await handle.db
      .insertInto('throttle_events')
      .values({ id: 't-1', key: 'login:ip:x' })
      .execute();
    const event = await handle.db
      .selectFrom('throttle_events')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(event.created_at).toMatch(ISO_UTC);
  });

  it('gives docs a version that starts at 1', async () => {
    await insertUser('u-doc');
    await handle.db
      .insertInto('repos')
      .values({
        id: 'r-doc',
        user_id: 'u-doc',
        url: 'https://example.com/d.git',
        name: 'd',
        method: 'https',
        status: 'connected',
      })
      .execute();
    await handle.db
      .insertInto('code_objects')
      .values({
        id: 'o-doc',
        repo_id: 'r-doc',
        file_path: 'a.ts',
        name: 'g',
        qualified_name: 'g',
        kind: 'function',
        language: 'typescript',
        signature: 'g()',
        line_start: 1,
        line_end: 1,
        code_hash: 'h',
      })
      .execute();
    await handle.db
      .insertInto('docs')
      .values({
        repo_id: 'r-doc',
        object_id: 'o-doc',
        field_id: 'summary',
        value: 'x',
        source: 'edited',
      })
      .execute();
    const doc = await handle.db
      .selectFrom('docs')
      .select(['version', 'updated_at'])
      .executeTakeFirstOrThrow();
    expect(doc.version).toBe(1);
    expect(doc.updated_at).toMatch(ISO_UTC);
  });

  it('rolls every migration back and forward again', async () => {
    const names = Object.keys(migrationsFor(dialect));
    expect(names.slice(0, 2)).toEqual([
      '0001-initial-schema',
      '0002-session-rotation-and-throttling',
    ]);
    expect(await migrateToNone(handle.db, handle.dialect)).toEqual([...names].reverse());
    expect(await tableNames()).toEqual([]);
    expect(await migrateToLatest(handle.db, handle.dialect)).toEqual(names);
    expect(await tableNames()).toEqual([...TABLE_NAMES].sort());
    // The schema is usable after the round trip.
    await sql`select 1`.execute(handle.db);
  });
});
