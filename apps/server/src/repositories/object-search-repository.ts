import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './db';

/** What a search asks for (every filter optional). */
export interface ObjectSearch {
  userId: string;
  /** Lower-case text to find in the name or qualified name. */
  text?: string;
  kind?: string;
  language?: string;
  repoId?: string;
  status?: 'documented' | 'stale' | 'undocumented';
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

/**
 * One page of the user's objects at their repositories' current commits (present), across
 * repositories, in (rank, qualified name, repository, id) order, where rank 0 is a name or
 * qualified name that starts with the text. Status is derived in SQL from the docs of each row
 * (the docs primary key (repo_id, object_id, field_id) makes each check an index probe).
 */
export async function searchObjects(db: Db, search: ObjectSearch) {
  const text = search.text ?? '';
  const prefix = `${likeEscaped(text)}%`;
  const contains = `%${likeEscaped(text)}%`;
  const rank =
    text === ''
      ? sql<number>`0`
      : sql<number>`case when lower(code_objects.name) like ${prefix} escape '\\' or lower(code_objects.qualified_name) like ${prefix} escape '\\' then 0 else 1 end`;
  const filledDocs = (stale: boolean) =>
    sql<SqlBool>`exists (select 1 from docs where docs.repo_id = code_objects.repo_id and docs.object_id = code_objects.id and docs.value <> ''${
      stale
        ? sql` and (docs.code_hash_at_write is null or docs.code_hash_at_write <> code_objects.code_hash)`
        : sql``
    })`;
  let query = db
    .selectFrom('code_objects')
    .innerJoin('repos', 'repos.id', 'code_objects.repo_id')
    .leftJoin('docs', (join) =>
      join
        .onRef('docs.repo_id', '=', 'code_objects.repo_id')
        .onRef('docs.object_id', '=', 'code_objects.id')
        .on('docs.field_id', '=', 'summary'),
    )
    .select([
      'code_objects.id as object_id',
      'code_objects.repo_id',
      'repos.name as repo_name',
      'code_objects.name',
      'code_objects.qualified_name',
      'code_objects.kind',
      'code_objects.language',
      'code_objects.file_id',
      'code_objects.file_path',
      'code_objects.line_start',
      'code_objects.code_hash',
      'code_objects.present',
      'docs.value as summary',
      rank.as('rank'),
      filledDocs(false).as('has_docs'),
      filledDocs(true).as('has_stale'),
    ])
    .where('repos.user_id', '=', search.userId)
    .where('code_objects.present', '=', 1);
  if (search.repoId) query = query.where('code_objects.repo_id', '=', search.repoId);
  if (search.kind) query = query.where('code_objects.kind', '=', search.kind);
  if (search.language) query = query.where('code_objects.language', '=', search.language);
  if (text !== '') {
    query = query.where(
      sql<SqlBool>`(lower(code_objects.name) like ${contains} escape '\\' or lower(code_objects.qualified_name) like ${contains} escape '\\')`,
    );
  }
  if (search.status === 'undocumented') query = query.where(sql<SqlBool>`not ${filledDocs(false)}`);
  if (search.status === 'stale') query = query.where(filledDocs(true));
  if (search.status === 'documented') {
    query = query.where(sql<SqlBool>`${filledDocs(false)} and not ${filledDocs(true)}`);
  }
  if (search.after) {
    const { rank: r, qualifiedName, repoId, id } = search.after;
    const after: Expression<SqlBool> = sql<SqlBool>`(${rank} > ${r} or (${rank} = ${r} and (code_objects.qualified_name > ${qualifiedName} or (code_objects.qualified_name = ${qualifiedName} and (code_objects.repo_id > ${repoId} or (code_objects.repo_id = ${repoId} and code_objects.id > ${id}))))))`;
    query = query.where(after);
  }
  return query
    .orderBy('rank')
    .orderBy('code_objects.qualified_name')
    .orderBy('code_objects.repo_id')
    .orderBy('code_objects.id')
    .limit(search.limit + 1)
    .execute();
}
