import type { NewCodeObject } from '@codedocs/db';
import { ENGINE_SCHEMA_VERSION } from '@codedocs/engine';
import type { Db } from './db';

// Models and indexes are read only when the running engine wrote them in its own schema: after
// an upgrade that changes ENGINE_SCHEMA_VERSION, older rows are as good as absent (a commit is
// not indexed, a file has no model), so they are made again and written over the old rows.

/** A source file of a listed commit, as the indexer and the live-docs reads need it. */
export interface SourceFileRow {
  path: string;
  file_id: string;
  name: string;
  extension: string;
  language: string | null;
  blob_sha: string;
  size: number;
}

/** Files of a listed commit the engine reads: regular files in a known language. */
export async function listSourceFiles(
  db: Db,
  repoId: string,
  commitId: string,
): Promise<SourceFileRow[]> {
  const rows = await db
    .selectFrom('files')
    .select(['path', 'file_id', 'name', 'extension', 'language', 'blob_sha', 'size'])
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .where('language', 'is not', null)
    .where('mode', 'in', ['100644', '100755'])
    .orderBy('path')
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** The file row of one path at a commit, if listed there. */
export async function findFileAtCommit(db: Db, repoId: string, commitId: string, path: string) {
  return db
    .selectFrom('files')
    .select(['path', 'file_id', 'blob_sha', 'language'])
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .where('path', '=', path)
    .executeTakeFirst();
}

const KEY_BATCH = 300;

/** Runs `select` over the blob ids of `files` a batch at a time (IN lists stay short). */
async function byBlobBatches<T>(
  files: readonly { blob_sha: string }[],
  select: (blobShas: string[]) => Promise<T[]>,
): Promise<T[]> {
  // each blob once: identical files (two empty __init__.py) share a blob, and asking for it in
  // two batches would answer its rows twice
  const blobShas = [...new Set(files.map((f) => f.blob_sha))];
  const out: T[] = [];
  for (let start = 0; start < blobShas.length; start += KEY_BATCH) {
    out.push(...(await select(blobShas.slice(start, start + KEY_BATCH))));
  }
  return out;
}

/** Which (blob, path) pairs already have a stored engine model, as `blob\0path` keys. */
export async function storedFileIndexKeys(
  db: Db,
  repoId: string,
  files: readonly { blob_sha: string; path: string }[],
): Promise<Set<string>> {
  const rows = await byBlobBatches(files, (blobShas) =>
    db
      .selectFrom('file_indexes')
      .select(['blob_sha', 'path'])
      .where('repo_id', '=', repoId)
      .where('blob_sha', 'in', blobShas)
      .where('schema_version', '=', ENGINE_SCHEMA_VERSION)
      .execute(),
  );
  return new Set(rows.map((row) => `${row.blob_sha}\0${row.path}`));
}

/** Stored engine models (gzipped JSON) of these (blob, path) pairs. */
export async function loadFileIndexes(
  db: Db,
  repoId: string,
  files: readonly { blob_sha: string; path: string }[],
): Promise<{ blob_sha: string; path: string; data: Uint8Array; object_count: number }[]> {
  const wanted = new Set(files.map((f) => `${f.blob_sha}\0${f.path}`));
  const rows = await byBlobBatches(files, (blobShas) =>
    db
      .selectFrom('file_indexes')
      .select(['blob_sha', 'path', 'data', 'object_count'])
      .where('repo_id', '=', repoId)
      .where('blob_sha', 'in', blobShas)
      .where('schema_version', '=', ENGINE_SCHEMA_VERSION)
      .execute(),
  );
  return rows.filter((row) => wanted.has(`${row.blob_sha}\0${row.path}`));
}

/**
 * Stores engine models; a pair already stored (same blob and path, same model) is kept, and one
 * an older engine schema wrote is replaced.
 */
export async function insertFileIndexes(
  db: Db,
  rows: {
    repo_id: string;
    blob_sha: string;
    path: string;
    schema_version: number;
    language: string | null;
    object_count: number;
    data: Uint8Array;
  }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 100) {
    await db
      .insertInto('file_indexes')
      .values(rows.slice(start, start + 100))
      .onConflict((c) =>
        c
          .columns(['repo_id', 'blob_sha', 'path'])
          .doUpdateSet((eb) => ({
            schema_version: eb.ref('excluded.schema_version'),
            language: eb.ref('excluded.language'),
            object_count: eb.ref('excluded.object_count'),
            data: eb.ref('excluded.data'),
          }))
          .where('file_indexes.schema_version', '<>', ENGINE_SCHEMA_VERSION),
      )
      .execute();
  }
}

/** The index row of a commit (without its references), if this engine's schema indexed it. */
export async function findRepoIndex(db: Db, repoId: string, commitId: string) {
  return db
    .selectFrom('repo_indexes')
    .select(['repo_id', 'commit_id', 'schema_version', 'file_count', 'object_count', 'indexed_at'])
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .where('schema_version', '=', ENGINE_SCHEMA_VERSION)
    .executeTakeFirst();
}

/** The gzipped references of an indexed commit. */
export async function loadRepoReferences(
  db: Db,
  repoId: string,
  commitId: string,
): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('repo_indexes')
    .select('references_data')
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .where('schema_version', '=', ENGINE_SCHEMA_VERSION)
    .executeTakeFirst();
  return row?.references_data;
}

/** Indexed commits of a repository, newest first. */
export async function listRepoIndexes(db: Db, repoId: string) {
  return db
    .selectFrom('repo_indexes')
    .select(['commit_id', 'object_count', 'indexed_at', 'schema_version'])
    .where('repo_id', '=', repoId)
    .where('schema_version', '=', ENGINE_SCHEMA_VERSION)
    .orderBy('indexed_at', 'desc')
    .orderBy('commit_id')
    .execute();
}

/**
 * Marks a commit indexed with its references (a repeated run keeps the first row; a row an older
 * engine schema wrote is replaced).
 */
export async function insertRepoIndex(
  db: Db,
  row: {
    repo_id: string;
    commit_id: string;
    schema_version: number;
    file_count: number;
    object_count: number;
    references_data: Uint8Array;
  },
): Promise<void> {
  await db
    .insertInto('repo_indexes')
    .values(row)
    .onConflict((c) =>
      c
        .columns(['repo_id', 'commit_id'])
        .doUpdateSet((eb) => ({
          schema_version: eb.ref('excluded.schema_version'),
          file_count: eb.ref('excluded.file_count'),
          object_count: eb.ref('excluded.object_count'),
          references_data: eb.ref('excluded.references_data'),
          indexed_at: eb.ref('excluded.indexed_at'),
        }))
        .where('repo_indexes.schema_version', '<>', ENGINE_SCHEMA_VERSION),
    )
    .execute();
}

const OBJECT_BATCH = 200;

/**
 * Records objects in the registry. `current` rows (objects of the repo's current commit) update
 * every column and are marked present; other rows only fill in ids never seen before, so reading
 * an old commit never rewrites what the current one says.
 */
export async function upsertCodeObjects(
  db: Db,
  rows: NewCodeObject[],
  current: boolean,
): Promise<void> {
  for (let start = 0; start < rows.length; start += OBJECT_BATCH) {
    const batch = rows.slice(start, start + OBJECT_BATCH).map((row) => ({
      ...row,
      present: current ? 1 : 0,
    }));
    await db
      .insertInto('code_objects')
      .values(batch)
      .onConflict((c) =>
        current
          ? c.columns(['repo_id', 'id']).doUpdateSet((eb) => ({
              file_path: eb.ref('excluded.file_path'),
              file_id: eb.ref('excluded.file_id'),
              name: eb.ref('excluded.name'),
              qualified_name: eb.ref('excluded.qualified_name'),
              kind: eb.ref('excluded.kind'),
              language: eb.ref('excluded.language'),
              signature: eb.ref('excluded.signature'),
              line_start: eb.ref('excluded.line_start'),
              line_end: eb.ref('excluded.line_end'),
              code_hash: eb.ref('excluded.code_hash'),
              doc_comment: eb.ref('excluded.doc_comment'),
              author_summary: eb.ref('excluded.author_summary'),
              parent_id: eb.ref('excluded.parent_id'),
              present: 1,
              updated_at: eb.ref('excluded.updated_at'),
            }))
          : c.columns(['repo_id', 'id']).doNothing(),
      )
      .execute();
  }
}

/** Clears the `present` mark of a repo's objects: all of them, or those in these paths. */
export async function clearPresence(
  db: Db,
  repoId: string,
  paths: readonly string[] | null,
): Promise<void> {
  if (paths === null) {
    await db
      .updateTable('code_objects')
      .set({ present: 0 })
      .where('repo_id', '=', repoId)
      .where('present', '=', 1)
      .execute();
    return;
  }
  for (let start = 0; start < paths.length; start += KEY_BATCH) {
    await db
      .updateTable('code_objects')
      .set({ present: 0 })
      .where('repo_id', '=', repoId)
      .where('present', '=', 1)
      .where('file_path', 'in', paths.slice(start, start + KEY_BATCH))
      .execute();
  }
}

/** Registry rows of these object ids within one repository. */
export async function findCodeObjects(db: Db, repoId: string, ids: readonly string[]) {
  const out = [];
  for (let start = 0; start < ids.length; start += KEY_BATCH) {
    const batch = ids.slice(start, start + KEY_BATCH);
    if (batch.length === 0) continue;
    out.push(
      ...(await db
        .selectFrom('code_objects')
        .select(['id', 'file_path', 'file_id', 'name', 'qualified_name', 'kind', 'code_hash'])
        .where('repo_id', '=', repoId)
        .where('id', 'in', batch)
        .execute()),
    );
  }
  return out;
}

/** One registry row, only within its repository. */
export async function findCodeObject(db: Db, repoId: string, id: string) {
  return db
    .selectFrom('code_objects')
    .selectAll()
    .where('repo_id', '=', repoId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Objects present at the repo's current commit: id, path and code hash. */
export async function listPresentObjects(db: Db, repoId: string) {
  return db
    .selectFrom('code_objects')
    .select(['id', 'file_path', 'code_hash', 'author_summary'])
    .where('repo_id', '=', repoId)
    .where('present', '=', 1)
    .execute();
}

/** Source files of a commit whose stored model (of this engine schema) holds objects, in path order. */
export async function sourceFilesWithObjects(db: Db, repoId: string, commitId: string) {
  const rows = await db
    .selectFrom('files')
    .innerJoin('file_indexes', (join) =>
      join
        .onRef('file_indexes.repo_id', '=', 'files.repo_id')
        .onRef('file_indexes.blob_sha', '=', 'files.blob_sha')
        .onRef('file_indexes.path', '=', 'files.path')
        .on('file_indexes.schema_version', '=', ENGINE_SCHEMA_VERSION),
    )
    .select([
      'files.path',
      'files.file_id',
      'files.name',
      'files.extension',
      'files.language',
      'files.blob_sha',
      'files.size',
      'file_indexes.object_count',
    ])
    .where('files.repo_id', '=', repoId)
    .where('files.commit_id', '=', commitId)
    .where('files.language', 'is not', null)
    .where('files.mode', 'in', ['100644', '100755'])
    .where('file_indexes.object_count', '>', 0)
    .orderBy('files.path')
    .execute();
  return rows.map((row) => ({
    ...row,
    size: Number(row.size),
    object_count: Number(row.object_count),
  }));
}

/**
 * Repositories whose current commit is listed but not indexed by this engine's schema (after an
 * upgrade set the indexes aside, or an index that failed), with their owners.
 */
export async function reposWithUnindexedHead(db: Db) {
  const rows = await db
    .selectFrom('repos')
    .innerJoin('repo_commits', (join) =>
      join
        .onRef('repo_commits.repo_id', '=', 'repos.id')
        .onRef('repo_commits.commit_id', '=', 'repos.head_commit'),
    )
    .leftJoin('repo_indexes', (join) =>
      join
        .onRef('repo_indexes.repo_id', '=', 'repos.id')
        .onRef('repo_indexes.commit_id', '=', 'repos.head_commit')
        .on('repo_indexes.schema_version', '=', ENGINE_SCHEMA_VERSION),
    )
    .select(['repos.id', 'repos.user_id', 'repo_commits.commit_id'])
    .where('repo_indexes.repo_id', 'is', null)
    .orderBy('repos.created_at')
    .execute();
  return rows;
}
