import type { Dialect, NewRepoFile, RepoFile } from '@codedocs/db';
import { sql } from 'kysely';
import type { Expression, SqlBool } from 'kysely';
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

/**
 * Paths compared byte by byte, the order `git ls-tree` lists them in: SQLite's default BINARY
 * collation already does; PostgreSQL needs "C" (its default follows the locale).
 */
function pathExpression(dialect: Dialect): Expression<string> {
  return dialect === 'postgres' ? sql<string>`path collate "C"` : sql<string>`path`;
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

/** Up to `limit` files after `afterPath` (keyset pagination), in path byte order. */
export async function pageFiles(
  db: Db,
  dialect: Dialect,
  filter: FileFilter & { afterPath: string | null; limit: number },
): Promise<RepoFile[]> {
  const path = pathExpression(dialect);
  let query = filtered(db, filter).selectAll();
  if (filter.afterPath !== null) query = query.where(path, '>', filter.afterPath);
  return query.orderBy(path).limit(filter.limit).execute();
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
