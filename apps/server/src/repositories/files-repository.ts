import type { NewRepoFile, RepoFile } from '@codedocs/db';
import { sql } from 'kysely';
import type { SqlBool } from 'kysely';
import type { Db } from './db';

/** Rows per INSERT: ten columns each keeps a statement well under both databases' limits. */
export const FILE_INSERT_BATCH = 1000;

/** Inserts a commit's file rows in batches; rows already there (a repeated listing) are kept. */
export async function insertFiles(db: Db, rows: NewRepoFile[]): Promise<void> {
  for (let start = 0; start < rows.length; start += FILE_INSERT_BATCH) {
    await db
      .insertInto('files')
      .values(rows.slice(start, start + FILE_INSERT_BATCH))
      .onConflict((conflict) => conflict.columns(['repo_id', 'commit_id', 'path']).doNothing())
      .execute();
  }
}

/**
 * Copies the listing of `fromCommit` to `toCommit` inside the database (one INSERT … SELECT, no
 * rows through JavaScript): a sync that changed a few files then only replaces those.
 */
export async function copyFiles(
  db: Db,
  repoId: string,
  fromCommit: string,
  toCommit: string,
): Promise<void> {
  await db
    .insertInto('files')
    .columns([
      'repo_id',
      'commit_id',
      'path',
      'file_id',
      'name',
      'extension',
      'language',
      'size',
      'blob_sha',
      'mode',
    ])
    .expression(
      db
        .selectFrom('files')
        .select([
          'repo_id',
          sql<string>`${toCommit}`.as('commit_id'),
          'path',
          'file_id',
          'name',
          'extension',
          'language',
          'size',
          'blob_sha',
          'mode',
        ])
        .where('repo_id', '=', repoId)
        .where('commit_id', '=', fromCommit),
    )
    .onConflict((conflict) => conflict.columns(['repo_id', 'commit_id', 'path']).doNothing())
    .execute();
}

/** Removes the given paths from one commit's listing (batched to stay under parameter limits). */
export async function deleteFilePaths(
  db: Db,
  repoId: string,
  commitId: string,
  paths: readonly string[],
): Promise<void> {
  for (let start = 0; start < paths.length; start += FILE_INSERT_BATCH) {
    await db
      .deleteFrom('files')
      .where('repo_id', '=', repoId)
      .where('commit_id', '=', commitId)
      .where('path', 'in', paths.slice(start, start + FILE_INSERT_BATCH))
      .execute();
  }
}

/** Which files of one listed commit a page or count looks at. */
export interface FileFilter {
  repoId: string;
  commitId: string;
  /** Case-insensitive substring of the path. */
  q?: string | undefined;
  /** Exact extension ('' for none). */
  extension?: string | undefined;
}

/** `%`, `_` and the escape character itself matched literally in a LIKE pattern. */
function likeContaining(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

function filtered(db: Db, filter: FileFilter) {
  let query = db
    .selectFrom('files')
    .where('repo_id', '=', filter.repoId)
    .where('commit_id', '=', filter.commitId);
  if (filter.q) {
    const pattern = likeContaining(filter.q);
    query = query.where(sql<SqlBool>`lower(path) like ${pattern} escape '\\'`);
  }
  if (filter.extension !== undefined) query = query.where('extension', '=', filter.extension);
  return query;
}

/**
 * Up to `limit` files after `afterPath` (keyset pagination), in path byte order: the column's
 * collation is byte order on both databases (migration 0004), so this is a range scan of the
 * primary key.
 */
export async function pageFiles(
  db: Db,
  filter: FileFilter & { afterPath: string | null; limit: number },
): Promise<RepoFile[]> {
  let query = filtered(db, filter).selectAll();
  if (filter.afterPath !== null) query = query.where('path', '>', filter.afterPath);
  return query.orderBy('path').limit(filter.limit).execute();
}

/** How many files match the filter. */
export async function countFiles(db: Db, filter: FileFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every extension of a commit with its file count, most common first. */
export async function extensionCounts(
  db: Db,
  repoId: string,
  commitId: string,
): Promise<{ extension: string; count: number }[]> {
  const rows = await db
    .selectFrom('files')
    .select(['extension', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .groupBy('extension')
    .execute();
  return rows
    .map((row) => ({ extension: row.extension, count: Number(row.n) }))
    .sort((a, b) => b.count - a.count || (a.extension < b.extension ? -1 : 1));
}

/** One file of a listed commit by its stable id. */
export async function findFile(
  db: Db,
  repoId: string,
  commitId: string,
  fileId: string,
): Promise<RepoFile | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}
