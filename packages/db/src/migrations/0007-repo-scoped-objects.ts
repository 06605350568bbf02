import { hash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn, type ColumnTypes } from './column-types';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a migration sees tables as they were, not as schema.ts describes them now

/**
 * Object identity scoped to its repository (issue 24). Until now the engine derived an object's
 * id from its path, qualified name, kind and overload index only, `code_objects.id` was a global
 * key, and docs, revisions and compilation entries pointed at that id alone: two repositories
 * with the same path and function name (two users connecting the same public repository, or a
 * crafted twin) shared one row, and one user's generation overwrote the other's object.
 *
 * Now:
 * - an object's id is `sha1(repo_id \0 unscoped id)` (the engine's `objectId` with the
 *   repository key the server passes), so no id is shared between repositories;
 * - `code_objects` is keyed by (repo_id, id), and `docs`, `doc_revisions` and
 *   `compilation_objects` carry `repo_id` with a foreign key on the pair.
 *
 * Existing rows are re-keyed. A row several repositories collided on is split by who wrote what:
 * each doc field, revision and compilation entry goes to the repository of its author that holds
 * the object's path (the row's own repository when the author owns it); rows without an author
 * go to the repository whose user last wrote a human edit, else to the row's own repository.
 * An author none of whose repositories holds the path any more (a deleted repository) loses the
 * entry rather than leaking it into someone else's. Stored engine models and commit indexes hold
 * the old ids and are derived data, so they are deleted: every commit is indexed again on its
 * next read (the same path as an engine upgrade), which also re-creates the objects of the
 * repositories a collided row did not keep.
 */
export function repoScopedObjects(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await setAside(db);
      await createScopedTables(db, t);
      await copyScoped(db);
      await dropSetAside(db);
      await db.deleteFrom('repo_indexes').execute();
      await db.deleteFrom('file_indexes').execute();
    },
    async down(db: Db) {
      // ids stay scoped (they are unique on their own); only the keys lose the repository
      await setAside(db);
      await createGlobalTables(db, t);
      await sql`insert into code_objects select id, repo_id, file_path, name, qualified_name, kind, language, signature, line_start, line_end, code_hash, doc_comment, parent_id, created_at, updated_at, file_id, present from code_objects_old`.execute(
        db,
      );
      await sql`insert into docs select object_id, field_id, value, source, written_at_commit, code_hash_at_write, updated_at, updated_by, version from docs_old`.execute(
        db,
      );
      await sql`insert into doc_revisions select id, object_id, field_id, version, value, source, written_at_commit, code_hash_at_write, created_at, created_by from doc_revisions_old`.execute(
        db,
      );
      await sql`insert into compilation_objects select compilation_id, object_id, added_at from compilation_objects_old`.execute(
        db,
      );
      await dropSetAside(db);
      await db.deleteFrom('repo_indexes').execute();
      await db.deleteFrom('file_indexes').execute();
    },
  };
}

/** The id of an object in one repository: exactly the engine's `objectId` with a repository key. */
export function scopedObjectId(repoId: string, unscopedId: string): string {
  return hash('sha1', `${repoId}\0${unscopedId}`, 'hex').slice(0, 20);
}

const TABLES = ['compilation_objects', 'doc_revisions', 'docs', 'code_objects'] as const;
const OLD_INDEXES = [
  'compilation_objects_object_id',
  'doc_revisions_object_id_field_id_version',
  'code_objects_repo_id_file_path',
  'code_objects_repo_id_present_file_path',
];

/** Renames the four tables to `<name>_old` and drops their indexes (the new ones reuse names). */
async function setAside(db: Db): Promise<void> {
  for (const index of OLD_INDEXES) await db.schema.dropIndex(index).ifExists().execute();
  for (const table of TABLES) await db.schema.alterTable(table).renameTo(`${table}_old`).execute();
}

async function dropSetAside(db: Db): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(`${table}_old`).execute();
}

async function createScopedTables(db: Db, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('code_objects')
    .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('qualified_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('line_start', 'integer', (c) => c.notNull())
    .addColumn('line_end', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('doc_comment', 'text')
    .addColumn('parent_id', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .addColumn('file_id', 'text')
    .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('code_objects_repo_pkey', ['repo_id', 'id'])
    .execute();
  await db.schema
    .createIndex('code_objects_repo_id_present_file_path')
    .on('code_objects')
    .columns(['repo_id', 'present', 'file_path'])
    .execute();
  await db.schema
    .createIndex('code_objects_repo_id_file_path')
    .on('code_objects')
    .columns(['repo_id', 'file_path'])
    .execute();
  await db.schema
    .createTable('docs')
    .addColumn('repo_id', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('written_at_commit', 'text')
    .addColumn('code_hash_at_write', 'text')
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('docs_repo_pkey', ['repo_id', 'object_id', 'field_id'])
    .addForeignKeyConstraint(
      'docs_object_fkey',
      ['repo_id', 'object_id'],
      'code_objects',
      ['repo_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createTable('doc_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('repo_id', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('written_at_commit', 'text')
    .addColumn('code_hash_at_write', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addForeignKeyConstraint(
      'doc_revisions_object_fkey',
      ['repo_id', 'object_id'],
      'code_objects',
      ['repo_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('doc_revisions_object_id_field_id_version')
    .on('doc_revisions')
    .columns(['repo_id', 'object_id', 'field_id', 'version'])
    .execute();
  await db.schema
    .createTable('compilation_objects')
    .addColumn('compilation_id', 'text', (c) =>
      c.notNull().references('compilations.id').onDelete('cascade'),
    )
    .addColumn('repo_id', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('added_at', t.timestamp, nowColumn(t))
    .addPrimaryKeyConstraint('compilation_objects_repo_pkey', [
      'compilation_id',
      'repo_id',
      'object_id',
    ])
    .addForeignKeyConstraint(
      'compilation_objects_object_fkey',
      ['repo_id', 'object_id'],
      'code_objects',
      ['repo_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('compilation_objects_object_id')
    .on('compilation_objects')
    .columns(['repo_id', 'object_id'])
    .execute();
}

/** The shapes of 0001/0005, for `down`. */
async function createGlobalTables(db: Db, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('code_objects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('qualified_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('line_start', 'integer', (c) => c.notNull())
    .addColumn('line_end', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('doc_comment', 'text')
    .addColumn('parent_id', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .addColumn('file_id', 'text')
    .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('code_objects_repo_id_file_path')
    .on('code_objects')
    .columns(['repo_id', 'file_path'])
    .execute();
  await db.schema
    .createIndex('code_objects_repo_id_present_file_path')
    .on('code_objects')
    .columns(['repo_id', 'present', 'file_path'])
    .execute();
  await db.schema
    .createTable('docs')
    .addColumn('object_id', 'text', (c) =>
      c.notNull().references('code_objects.id').onDelete('cascade'),
    )
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('written_at_commit', 'text')
    .addColumn('code_hash_at_write', 'text')
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('docs_pkey', ['object_id', 'field_id'])
    .execute();
  await db.schema
    .createTable('doc_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('object_id', 'text', (c) =>
      c.notNull().references('code_objects.id').onDelete('cascade'),
    )
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('written_at_commit', 'text')
    .addColumn('code_hash_at_write', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('doc_revisions_object_id_field_id_version')
    .on('doc_revisions')
    .columns(['object_id', 'field_id', 'version'])
    .execute();
  await db.schema
    .createTable('compilation_objects')
    .addColumn('compilation_id', 'text', (c) =>
      c.notNull().references('compilations.id').onDelete('cascade'),
    )
    .addColumn('object_id', 'text', (c) =>
      c.notNull().references('code_objects.id').onDelete('cascade'),
    )
    .addColumn('added_at', t.timestamp, nowColumn(t))
    .addPrimaryKeyConstraint('compilation_objects_pkey', ['compilation_id', 'object_id'])
    .execute();
  await db.schema
    .createIndex('compilation_objects_object_id')
    .on('compilation_objects')
    .column('object_id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Re-keying the rows

interface OldObject {
  id: string;
  repo_id: string;
  file_path: string;
  parent_id: string | null;
  [column: string]: unknown;
}

interface OldDoc {
  object_id: string;
  field_id: string;
  source: string;
  updated_by: string | null;
  updated_at: unknown;
  [column: string]: unknown;
}

interface OldRevision {
  id: string;
  object_id: string;
  field_id: string;
  version: number;
  source: string;
  created_by: string | null;
  created_at: unknown;
  value: string;
  written_at_commit: string | null;
  code_hash_at_write: string | null;
}

const HUMAN_SOURCES = new Set(['edited', 'imported']);
const PAGE = 1000;
const INSERT_BATCH = 200;

/** Where a user's writes on an object of a given path belong: one of their repositories. */
class Owners {
  private readonly userOfRepo = new Map<string, string>();
  private readonly reposOfUser = new Map<string, string[]>();
  private readonly holds = new Map<string, boolean>();

  constructor(
    private readonly db: Db,
    repos: readonly { id: string; user_id: string }[],
  ) {
    for (const repo of repos) {
      this.userOfRepo.set(repo.id, repo.user_id);
      this.reposOfUser.set(repo.user_id, [...(this.reposOfUser.get(repo.user_id) ?? []), repo.id]);
    }
  }

  /** The repository of `userId` an object (first seen in `rowRepo`, at `path`) belongs to. */
  async repoOf(userId: string, rowRepo: string, path: string): Promise<string | undefined> {
    if (this.userOfRepo.get(rowRepo) === userId) return rowRepo;
    for (const repoId of this.reposOfUser.get(userId) ?? []) {
      if (await this.holdsPath(repoId, path)) return repoId;
    }
    return undefined;
  }

  private async holdsPath(repoId: string, path: string): Promise<boolean> {
    const key = `${repoId}\0${path}`;
    let held = this.holds.get(key);
    if (held === undefined) {
      const row = await this.db
        .selectFrom('files')
        .select('path')
        .where('repo_id', '=', repoId)
        .where('path', '=', path)
        .limit(1)
        .executeTakeFirst();
      held = row !== undefined;
      this.holds.set(key, held);
    }
    return held;
  }
}

async function inBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await write(rows.slice(start, start + INSERT_BATCH));
  }
}

async function selectIn<T>(db: Db, table: string, ids: readonly string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom(table).selectAll().where('object_id', 'in', ids).execute()) as T[];
}

/** Every old row, re-keyed by repository (see the migration's comment for the rules). */
async function copyScoped(db: Db): Promise<void> {
  const owners = new Owners(db, await db.selectFrom('repos').select(['id', 'user_id']).execute());
  const compilationUser = new Map(
    (await db.selectFrom('compilations').select(['id', 'user_id']).execute()).map((c) => [
      c.id as string,
      c.user_id as string,
    ]),
  );
  let after = '';
  for (;;) {
    const objects = (await db
      .selectFrom('code_objects_old')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute()) as OldObject[];
    if (objects.length === 0) break;
    after = objects[objects.length - 1]!.id;
    const ids = objects.map((o) => o.id);
    const docs = await selectIn<OldDoc>(db, 'docs_old', ids);
    const revisions = await selectIn<OldRevision>(db, 'doc_revisions_old', ids);
    const entries = await selectIn<{
      compilation_id: string;
      object_id: string;
      added_at: unknown;
    }>(db, 'compilation_objects_old', ids);
    const group = <T extends { object_id: string }>(rows: T[]) => {
      const by = new Map<string, T[]>();
      for (const row of rows) by.set(row.object_id, [...(by.get(row.object_id) ?? []), row]);
      return by;
    };
    const docsOf = group(docs);
    const revisionsOf = group(revisions);
    const entriesOf = group(entries);
    const out = { objects: [] as object[], docs: [] as object[], revisions: [] as object[] };
    const outEntries: object[] = [];
    for (const object of objects) {
      await splitObject(owners, object, {
        docs: docsOf.get(object.id) ?? [],
        revisions: revisionsOf.get(object.id) ?? [],
        entries: (entriesOf.get(object.id) ?? []).map((e) => ({
          ...e,
          user_id: compilationUser.get(e.compilation_id) ?? '',
        })),
        out,
        outEntries,
      });
    }
    await inBatches(out.objects, (batch) => db.insertInto('code_objects').values(batch).execute());
    await inBatches(out.docs, (batch) => db.insertInto('docs').values(batch).execute());
    await inBatches(out.revisions, (batch) =>
      db.insertInto('doc_revisions').values(batch).execute(),
    );
    await inBatches(outEntries, (batch) =>
      db.insertInto('compilation_objects').values(batch).execute(),
    );
  }
}

const newest = <T>(rows: T[], at: (row: T) => unknown, version: (row: T) => number) =>
  rows.reduce<T | undefined>((best, row) => {
    if (!best) return row;
    const a = String(at(row));
    const b = String(at(best));
    return a > b || (a === b && version(row) > version(best)) ? row : best;
  }, undefined);

async function splitObject(
  owners: Owners,
  object: OldObject,
  rows: {
    docs: OldDoc[];
    revisions: OldRevision[];
    entries: { compilation_id: string; added_at: unknown; user_id: string }[];
    out: { objects: object[]; docs: object[]; revisions: object[] };
    outEntries: object[];
  },
): Promise<void> {
  const rowRepo = object.repo_id;
  const path = object.file_path;
  // the repository whose user last wrote a human edit (one that can be attributed) keeps the
  // rows nobody signed
  const humanWrites = [
    ...rows.revisions
      .filter((r) => HUMAN_SOURCES.has(r.source) && r.created_by)
      .map((r) => ({ user: r.created_by!, at: String(r.created_at), version: r.version })),
    ...rows.docs
      .filter((d) => HUMAN_SOURCES.has(d.source) && d.updated_by)
      .map((d) => ({ user: d.updated_by!, at: String(d.updated_at), version: Number(d.version) })),
  ].sort((a, b) => (a.at === b.at ? b.version - a.version : a.at < b.at ? 1 : -1));
  let owner = rowRepo;
  for (const write of humanWrites) {
    const repo = await owners.repoOf(write.user, rowRepo, path);
    if (repo) {
      owner = repo;
      break;
    }
  }
  const targetOf = async (author: string | null) =>
    author ? await owners.repoOf(author, rowRepo, path) : owner;

  const targets = new Set<string>([owner]);
  const revisionsByTarget = new Map<string, OldRevision[]>();
  for (const revision of rows.revisions) {
    const target = await targetOf(revision.created_by);
    if (!target) continue;
    targets.add(target);
    revisionsByTarget.set(target, [...(revisionsByTarget.get(target) ?? []), revision]);
  }
  const docsByTarget = new Map<string, Map<string, object>>();
  const docFor = (target: string) => {
    let fields = docsByTarget.get(target);
    if (!fields) docsByTarget.set(target, (fields = new Map()));
    return fields;
  };
  // the current row of each field stays with its writer's repository as it is (a review
  // changes it without a revision); every other repository gets its own latest revision
  for (const doc of rows.docs) {
    const target = await targetOf(doc.updated_by);
    if (!target) continue;
    targets.add(target);
    docFor(target).set(doc.field_id, {
      ...doc,
      repo_id: target,
      object_id: scopedObjectId(target, object.id),
    });
  }
  for (const [target, revisions] of revisionsByTarget) {
    const fields = docFor(target);
    const byField = new Map<string, OldRevision[]>();
    for (const r of revisions) byField.set(r.field_id, [...(byField.get(r.field_id) ?? []), r]);
    for (const [fieldId, history] of byField) {
      if (fields.has(fieldId)) continue;
      const latest = newest(
        history,
        (r) => r.created_at,
        (r) => r.version,
      )!;
      fields.set(fieldId, {
        repo_id: target,
        object_id: scopedObjectId(target, object.id),
        field_id: fieldId,
        value: latest.value,
        source: latest.source,
        written_at_commit: latest.written_at_commit,
        code_hash_at_write: latest.code_hash_at_write,
        updated_at: latest.created_at,
        updated_by: latest.created_by,
        version: latest.version,
      });
    }
  }
  const entryTargets: { target: string; entry: (typeof rows.entries)[number] }[] = [];
  for (const entry of rows.entries) {
    const target = entry.user_id ? await owners.repoOf(entry.user_id, rowRepo, path) : undefined;
    if (!target) continue;
    targets.add(target);
    entryTargets.push({ target, entry });
  }

  for (const target of targets) {
    rows.out.objects.push({
      ...object,
      repo_id: target,
      id: scopedObjectId(target, object.id),
      parent_id: object.parent_id === null ? null : scopedObjectId(target, object.parent_id),
      // only the row's own repository is known to hold it now; the others learn at re-index
      present: target === rowRepo ? object.present : 0,
    });
    for (const doc of docsByTarget.get(target)?.values() ?? []) rows.out.docs.push(doc);
    for (const r of revisionsByTarget.get(target) ?? []) {
      rows.out.revisions.push({
        ...r,
        repo_id: target,
        object_id: scopedObjectId(target, object.id),
      });
    }
  }
  for (const { target, entry } of entryTargets) {
    rows.outEntries.push({
      compilation_id: entry.compilation_id,
      repo_id: target,
      object_id: scopedObjectId(target, object.id),
      added_at: entry.added_at,
    });
  }
}
