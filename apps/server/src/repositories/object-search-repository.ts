import type { ObjectStatus } from '@codedocs/contract';
import type { Dialect } from '@codedocs/db';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './db';
import { objectStatusSql } from './doc-status-sql';
import { OBJECT_LIST_COLUMNS } from './compilations-repository';

/** Texts this long or longer match anywhere in a name through the trigram indexes. */
export const SUBSTRING_MIN_LENGTH = 3;

/** What a search asks for (every filter optional). */
export interface ObjectSearch {
  userId: string;
  /** Lower-case text to find in the name or qualified name. */
  text?: string;
  kind?: string;
  language?: string;
  repoId?: string;
  status?: ObjectStatus;
  /** Where the previous page ended. */
  after?: SearchKey;
  limit: number;
}

/** A row's place in the search order: prefix matches first, then by qualified name. */
export interface SearchKey {
  rank: number;
  qualifiedName: string;
  repoId: string;
  id: string;
}

/** `\`, `%` and `_` matched literally by LIKE … ESCAPE '\'. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `"text"`: an FTS5 phrase that matches the text as a substring under the trigram tokenizer. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The first string after every string that starts with `text` (binary order). */
function prefixEnd(text: string): string {
  return text.slice(0, -1) + String.fromCodePoint(text.codePointAt(text.length - 1)! + 1);
}

/**
 * On SQLite, a column compared without its indexes (`+column`): the search picks the index that
 * drives it (the text's, or the name order) and SQLite, which keeps no statistics, would
 * otherwise walk every object of the user's repositories by `repo_id` and sort them.
 */
function unindexed(column: string, dialect: Dialect) {
  return dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column);
}

/**
 * Which rows a text matches, through an index in both databases (migration 0009):
 * - from SUBSTRING_MIN_LENGTH characters, the name or qualified name contains it: on SQLite the
 *   FTS5 trigram table gives the candidates (each checked again by LIKE), on PostgreSQL the
 *   pg_trgm GIN indexes serve the LIKE itself;
 * - shorter texts: the name starts with it (a range on the `lower(name)` index; a one- or
 *   two-letter substring would match most names and no index can narrow it).
 */
function textMatch(text: string, dialect: Dialect): Expression<SqlBool> {
  if (text.length < SUBSTRING_MIN_LENGTH) {
    return dialect === 'postgres'
      ? sql<SqlBool>`(lower(code_objects.name) collate "C" >= ${text} and lower(code_objects.name) collate "C" < ${prefixEnd(text)})`
      : sql<SqlBool>`(lower(code_objects.name) >= ${text} and lower(code_objects.name) < ${prefixEnd(text)})`;
  }
  const contains = `%${likeEscaped(text)}%`;
  const like = sql<SqlBool>`(lower(code_objects.name) like ${contains} escape '\\' or lower(code_objects.qualified_name) like ${contains} escape '\\')`;
  if (dialect === 'postgres') return like;
  return sql<SqlBool>`(code_objects.rowid in (select rowid from code_object_names where code_object_names match ${ftsPhrase(text)}) and ${like})`;
}

/**
 * One page of the user's objects at their repositories' current commits (present), across
 * repositories, in (rank, qualified name, repository, id) order, where rank 0 is a name or
 * qualified name that starts with the text. Status is derived in SQL from the docs of each row by the rule of doc-status-sql.ts
 * (the docs primary key (repo_id, object_id, field_id) makes each check an index probe).
 */
export async function searchObjects(db: Db, dialect: Dialect, search: ObjectSearch) {
  return searchQuery(db, dialect, search).execute();
}

/**
 * The query searchObjects runs (tests read its plan): the page's keys first, found through the
 * text's index or walked in name order, then what a list shows for those rows only.
 */
export function searchQuery(db: Db, dialect: Dialect, search: ObjectSearch) {
  const text = search.text ?? '';
  const prefix = `${likeEscaped(text)}%`;
  const rank =
    text.length < SUBSTRING_MIN_LENGTH
      ? sql<number>`0`
      : sql<number>`case when lower(code_objects.name) like ${prefix} escape '\\' or lower(code_objects.qualified_name) like ${prefix} escape '\\' then 0 else 1 end`;
  const userRepos = db
    .selectFrom('repos')
    .select('repos.id')
    .where('repos.user_id', '=', search.userId);
  let keys = db
    .selectFrom('code_objects')
    .select([
      'code_objects.repo_id',
      'code_objects.id',
      'code_objects.qualified_name',
      rank.as('rank'),
    ])
    .where(sql<SqlBool>`${unindexed('code_objects.repo_id', dialect)} in (${userRepos})`)
    .where(sql<SqlBool>`${unindexed('code_objects.present', dialect)} = 1`);
  if (search.repoId) {
    keys = keys.where(
      sql<SqlBool>`${unindexed('code_objects.repo_id', dialect)} = ${search.repoId}`,
    );
  }
  if (search.kind) {
    keys = keys.where(sql<SqlBool>`${unindexed('code_objects.kind', dialect)} = ${search.kind}`);
  }
  if (search.language) {
    keys = keys.where(
      sql<SqlBool>`${unindexed('code_objects.language', dialect)} = ${search.language}`,
    );
  }
  if (text !== '') keys = keys.where(textMatch(text, dialect));
  if (search.status) {
    keys = keys.where(sql<SqlBool>`${objectStatusSql('code_objects')} = ${search.status}`);
  }
  if (search.after) {
    const { rank: r, qualifiedName, repoId, id } = search.after;
    const after: Expression<SqlBool> = sql<SqlBool>`(${rank} > ${r} or (${rank} = ${r} and (code_objects.qualified_name > ${qualifiedName} or (code_objects.qualified_name = ${qualifiedName} and (code_objects.repo_id > ${repoId} or (code_objects.repo_id = ${repoId} and code_objects.id > ${id}))))))`;
    keys = keys.where(after);
  }
  // no text: the rank is the same for every row and ordering by it would hide the name order
  if (text.length >= SUBSTRING_MIN_LENGTH) keys = keys.orderBy('rank');
  keys = keys
    .orderBy('code_objects.qualified_name')
    .orderBy('code_objects.repo_id')
    .orderBy('code_objects.id')
    .limit(search.limit + 1);
  return (
    db
      .selectFrom(keys.as('hits'))
      // each of the page's rows looked up by its key (never a scan of code_objects joined back)
      .innerJoin('code_objects', (join) =>
        join.on(
          sql<SqlBool>`code_objects.repo_id = ${unindexed('hits.repo_id', dialect)} and code_objects.id = ${unindexed('hits.id', dialect)}`,
        ),
      )
      .innerJoin('repos', 'repos.id', 'code_objects.repo_id')
      .leftJoin('docs', (join) =>
        join
          .onRef('docs.repo_id', '=', 'code_objects.repo_id')
          .onRef('docs.object_id', '=', 'code_objects.id')
          .on('docs.field_id', '=', 'summary'),
      )
      .select([...OBJECT_LIST_COLUMNS, 'hits.rank', objectStatusSql('code_objects').as('status')])
      .orderBy('hits.rank')
      .orderBy('hits.qualified_name')
      .orderBy('hits.repo_id')
      .orderBy('hits.id')
  );
}
