import { sql } from 'kysely';
import type { Db } from './db';

/** One compilation with the repositories its objects come from. */
export interface CompilationSummary {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  object_count: number;
  repositories: {
    repo_id: string;
    repo_name: string;
    repo_url: string;
    last_updated: string | null;
    files: number;
    objects: number;
  }[];
}

const iso = (value: unknown) => new Date(String(value)).toISOString();

/**
 * The caller's compilations, oldest first (or only `ids`), each with per-repository file and
 * object counts.
 */
export async function listCompilationSummaries(
  db: Db,
  userId: string,
  ids?: readonly string[],
): Promise<CompilationSummary[]> {
  let query = db
    .selectFrom('compilations')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('user_id', '=', userId);
  if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : ['']);
  const compilations = await query.orderBy('created_at').orderBy('id').execute();
  if (compilations.length === 0) return [];
  const rows = await db
    .selectFrom('compilation_objects')
    .innerJoin('code_objects', (join) =>
      join
        .onRef('code_objects.repo_id', '=', 'compilation_objects.repo_id')
        .onRef('code_objects.id', '=', 'compilation_objects.object_id'),
    )
    .innerJoin('repos', 'repos.id', 'code_objects.repo_id')
    .select((eb) => [
      'compilation_objects.compilation_id',
      'repos.id as repo_id',
      'repos.name as repo_name',
      'repos.url as repo_url',
      'repos.last_synced_at as last_updated',
      eb.fn.count<number | string>('code_objects.file_path').distinct().as('files'),
      eb.fn.countAll<number | string>().as('objects'),
    ])
    .where(
      'compilation_objects.compilation_id',
      'in',
      compilations.map((compilation) => compilation.id),
    )
    .where('repos.user_id', '=', userId)
    .groupBy([
      'compilation_objects.compilation_id',
      'repos.id',
      'repos.name',
      'repos.url',
      'repos.last_synced_at',
    ])
    .orderBy('repos.name')
    .orderBy('repos.id')
    .execute();
  return compilations.map((compilation) => {
    const repositories = rows
      .filter((row) => row.compilation_id === compilation.id)
      .map((row) => ({
        repo_id: row.repo_id,
        repo_name: row.repo_name,
        repo_url: row.repo_url,
        last_updated: row.last_updated === null ? null : iso(row.last_updated),
        files: Number(row.files),
        objects: Number(row.objects),
      }));
    return {
      ...compilation,
      created_at: iso(compilation.created_at),
      updated_at: iso(compilation.updated_at),
      object_count: repositories.reduce((sum, repo) => sum + repo.objects, 0),
      repositories,
    };
  });
}

/** One of the user's compilations (undefined for another user's or an unknown id). */
export async function findCompilation(db: Db, userId: string, id: string) {
  return db
    .selectFrom('compilations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Creates a compilation; a name the user already has (any case) violates the unique index. */
export async function insertCompilation(
  db: Db,
  row: { id: string; user_id: string; name: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('compilations')
    .values({ ...row, updated_at: row.created_at })
    .execute();
}

/** Renames one of the user's compilations; false when there is none. */
export async function renameCompilation(
  db: Db,
  userId: string,
  id: string,
  name: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('compilations')
    .set((eb) => ({ name, updated_at: at, revision: eb('revision', '+', 1) }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a compilation changed (its objects or their order). */
export async function touchCompilation(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('compilations')
    .set((eb) => ({ updated_at: at, revision: eb('revision', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * What every read of the user's compilations depends on, as one string: each compilation's
 * revision and each repository's head and docs revision (indexing, generation and edits bump
 * it). Two cheap index reads; equal strings mean equal answers.
 */
export async function compilationsVersion(db: Db, userId: string): Promise<string> {
  const [compilations, repos] = await Promise.all([
    db
      .selectFrom('compilations')
      .select(['id', 'revision'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('repos')
      .select(['id', 'head_commit', 'docs_revision', 'last_synced_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return JSON.stringify([
    compilations.map((c) => [c.id, Number(c.revision)]),
    repos.map((r) => [r.id, r.head_commit, Number(r.docs_revision), String(r.last_synced_at)]),
  ]);
}

/** Deletes one of the user's compilations (its entries cascade); false when there is none. */
export async function deleteCompilation(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('compilations')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A compilation's entries (repository and object ids) in their order. */
export async function listCompilationEntries(db: Db, compilationId: string) {
  return db
    .selectFrom('compilation_objects')
    .select(['repo_id', 'object_id', 'position'])
    .where('compilation_id', '=', compilationId)
    .orderBy('position')
    .orderBy('added_at')
    .orderBy('object_id')
    .execute();
}

const KEY_BATCH = 300;

/**
 * Which of these object ids are objects of the user's repositories (any commit ever indexed),
 * with their repository. Object ids are scoped to their repository (migration 0007), so one id
 * names at most one object.
 */
export async function findUserObjects(
  db: Db,
  userId: string,
  objectIds: readonly string[],
): Promise<{ repo_id: string; id: string }[]> {
  const repoIds = (
    await db.selectFrom('repos').select('id').where('user_id', '=', userId).execute()
  ).map((r) => r.id);
  if (repoIds.length === 0) return [];
  const out: { repo_id: string; id: string }[] = [];
  const unique = [...new Set(objectIds)];
  for (let start = 0; start < unique.length; start += KEY_BATCH) {
    out.push(
      ...(await db
        .selectFrom('code_objects')
        .select(['repo_id', 'id'])
        .where('repo_id', 'in', repoIds)
        .where('id', 'in', unique.slice(start, start + KEY_BATCH))
        .execute()),
    );
  }
  return out;
}

/** Appends entries after the compilation's last position; ones already in stay where they are. */
export async function appendCompilationEntries(
  db: Db,
  compilationId: string,
  entries: readonly { repo_id: string; id: string }[],
): Promise<number> {
  const last = await db
    .selectFrom('compilation_objects')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('compilation_id', '=', compilationId)
    .executeTakeFirst();
  let position = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
  let added = 0;
  for (let start = 0; start < entries.length; start += 200) {
    const batch = entries.slice(start, start + 200).map((entry) => ({
      compilation_id: compilationId,
      repo_id: entry.repo_id,
      object_id: entry.id,
      position: position++,
    }));
    const rows = await db
      .insertInto('compilation_objects')
      .values(batch)
      .onConflict((c) => c.columns(['compilation_id', 'repo_id', 'object_id']).doNothing())
      .returning('object_id')
      .execute();
    added += rows.length;
  }
  return added;
}

/** Removes these objects from a compilation; answers how many were in it. */
export async function removeCompilationEntries(
  db: Db,
  compilationId: string,
  objectIds: readonly string[],
): Promise<number> {
  let removed = 0;
  const unique = [...new Set(objectIds)];
  for (let start = 0; start < unique.length; start += KEY_BATCH) {
    const result = await db
      .deleteFrom('compilation_objects')
      .where('compilation_id', '=', compilationId)
      .where('object_id', 'in', unique.slice(start, start + KEY_BATCH))
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** Gives each entry its index in `objectIds` as position. */
export async function setCompilationOrder(
  db: Db,
  compilationId: string,
  objectIds: readonly string[],
): Promise<void> {
  // one statement per 500 entries: position = CASE object_id WHEN … THEN n … END
  for (let start = 0; start < objectIds.length; start += 500) {
    const slice = objectIds.slice(start, start + 500);
    const cases = sql.join(
      slice.map((id, i) => sql`when ${id} then cast(${start + i} as integer)`),
      sql` `,
    );
    await db
      .updateTable('compilation_objects')
      .set({ position: sql<number>`case object_id ${cases} end` })
      .where('compilation_id', '=', compilationId)
      .where('object_id', 'in', slice)
      .execute();
  }
}

/** Objects of a compilation in order, as lists show them (status computed by the caller). */
/**
 * What an object list shows of each object (pockets, the object picker): its code object, its
 * repository's name (join `repos`) and its summary (left join `docs` on the summary field).
 */
export const OBJECT_LIST_COLUMNS = [
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
  'code_objects.author_summary',
  'docs.value as summary',
] as const;

export async function listCompilationObjectRows(db: Db, userId: string, compilationId: string) {
  return db
    .selectFrom('compilation_objects')
    .innerJoin('code_objects', (join) =>
      join
        .onRef('code_objects.repo_id', '=', 'compilation_objects.repo_id')
        .onRef('code_objects.id', '=', 'compilation_objects.object_id'),
    )
    .innerJoin('repos', 'repos.id', 'code_objects.repo_id')
    .leftJoin('docs', (join) =>
      join
        .onRef('docs.repo_id', '=', 'code_objects.repo_id')
        .onRef('docs.object_id', '=', 'code_objects.id')
        .on('docs.field_id', '=', 'summary'),
    )
    .select(OBJECT_LIST_COLUMNS)
    .where('compilation_objects.compilation_id', '=', compilationId)
    .where('repos.user_id', '=', userId)
    .orderBy('compilation_objects.position')
    .orderBy('compilation_objects.added_at')
    .orderBy('compilation_objects.object_id')
    .execute();
}
