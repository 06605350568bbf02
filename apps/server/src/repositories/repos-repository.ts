import { ENGINE_SCHEMA_VERSION } from '@codedocs/engine';
import type { ObjectStatus } from '@codedocs/contract';
import type { NewRepo, Repo, RepoUpdate } from '@codedocs/db';
import type { Db } from './db';
import { objectStatusSql } from './doc-status-sql';
import { Memo } from './memo';

/** A repo row with the counts the Repo JSON reports. */
export interface RepoWithCounts extends Repo {
  object_count: number;
  /** Objects by status, adding up to object_count (services/livedocs/doc-status.ts). */
  documented_count: number;
  generated_count: number;
  /** Objects with a doc written against code that has changed since. */
  stale_count: number;
  undocumented_count: number;
  languages: string[];
  /** Files at the current commit (null before its listing is stored). */
  file_count: number | null;
  /** Whether the engine has read the current commit. */
  indexed: boolean;
}

/** The caller's repositories, oldest first, with their object counts and languages. */
export async function listReposOfUser(db: Db, userId: string): Promise<RepoWithCounts[]> {
  return reposWithCounts(db, userId);
}

/** One of the user's repositories with its counts; undefined for another user's or unknown id. */
export async function findRepoWithCounts(
  db: Db,
  id: string,
  userId: string,
): Promise<RepoWithCounts | undefined> {
  return (await reposWithCounts(db, userId, id))[0];
}

/** What a repository's objects add up to at its current commit (DocCounts of RepoWithCounts). */
interface DocCounts {
  object_count: number;
  documented_count: number;
  generated_count: number;
  stale_count: number;
  undocumented_count: number;
  languages: string[];
}

/**
 * Counted once per `docs_revision` of a repository (every write that can change them bumps it,
 * migration 0006): counting 20,000 objects and their docs takes a hundred milliseconds or more,
 * and the repository list asks on every load.
 */
const docCounts = new Memo<DocCounts>(256);

/** Present objects of a repository by status (the rule of doc-status-sql.ts), in one pass. */
export async function countStatuses(db: Db, repoId: string): Promise<Record<ObjectStatus, number>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('code_objects')
        .select(objectStatusSql('code_objects').as('status'))
        .where('code_objects.repo_id', '=', repoId)
        .where('code_objects.present', '=', 1)
        .as('statuses'),
    )
    .select(['statuses.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('statuses.status')
    .execute();
  const counts: Record<ObjectStatus, number> = {
    documented: 0,
    generated: 0,
    stale: 0,
    undocumented: 0,
  };
  for (const row of rows) counts[row.status as ObjectStatus] = Number(row.n);
  return counts;
}

async function countDocs(db: Db, repoId: string): Promise<DocCounts> {
  const [counts, languages] = await Promise.all([
    countStatuses(db, repoId),
    db
      .selectFrom('code_objects')
      .where('code_objects.repo_id', '=', repoId)
      .where('code_objects.present', '=', 1)
      .select('code_objects.language')
      .distinct()
      .execute(),
  ]);
  return {
    object_count: counts.documented + counts.generated + counts.stale + counts.undocumented,
    documented_count: counts.documented,
    generated_count: counts.generated,
    stale_count: counts.stale,
    undocumented_count: counts.undocumented,
    languages: languages.map((row) => row.language).sort(),
  };
}

/**
 * Marks a repository's doc statuses as changed, after a write that can change them has
 * committed (so no reader can count the old data under the new revision).
 */
export async function bumpDocsRevision(db: Db, repoId: string): Promise<void> {
  await db
    .updateTable('repos')
    .set((eb) => ({ docs_revision: eb('docs_revision', '+', 1) }))
    .where('id', '=', repoId)
    .execute();
}

async function reposWithCounts(db: Db, userId: string, id?: string): Promise<RepoWithCounts[]> {
  let query = db
    .selectFrom('repos')
    .selectAll('repos')
    .select((eb) =>
      eb
        .selectFrom('repo_commits')
        .select('repo_commits.file_count')
        .whereRef('repo_commits.repo_id', '=', 'repos.id')
        .whereRef('repo_commits.commit_id', '=', 'repos.head_commit')
        .as('file_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('repo_indexes')
        .select('repo_indexes.object_count')
        .whereRef('repo_indexes.repo_id', '=', 'repos.id')
        .whereRef('repo_indexes.commit_id', '=', 'repos.head_commit')
        // an index an older engine schema made does not count (code-index-repository.ts)
        .where('repo_indexes.schema_version', '=', ENGINE_SCHEMA_VERSION)
        .as('indexed_objects'),
    )
    .where('repos.user_id', '=', userId)
    .orderBy('repos.created_at')
    .orderBy('repos.id');
  if (id !== undefined) query = query.where('repos.id', '=', id);
  const repos = await query.execute();
  return Promise.all(
    repos.map(async ({ indexed_objects, file_count, ...repo }) => ({
      ...repo,
      ...(await docCounts.get(`${repo.id}\0${repo.docs_revision}`, () => countDocs(db, repo.id))),
      file_count: file_count === null ? null : Number(file_count),
      indexed: indexed_objects !== null,
    })),
  );
}

/** A repository by id when `userId` owns it; undefined for another user's or an unknown id. */
export async function findRepoOfUser(
  db: Db,
  id: string,
  userId: string,
): Promise<Repo | undefined> {
  return db
    .selectFrom('repos')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A repository by id, whoever owns it (jobs, which carry the owner separately). */
export async function findRepo(db: Db, id: string): Promise<Repo | undefined> {
  return db.selectFrom('repos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's repository with this URL (the normal form stored at connect), if any. */
export async function findRepoByUrl(
  db: Db,
  userId: string,
  url: string,
): Promise<Repo | undefined> {
  return db
    .selectFrom('repos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('url', '=', url)
    .executeTakeFirst();
}

/** The ids of the user's repositories (the plan quota counts them). */
export async function listRepoIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('repos').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** Inserts a repository row (the connect job, inside its listing transaction). */
export async function insertRepo(db: Db, repo: NewRepo): Promise<void> {
  await db.insertInto('repos').values(repo).execute();
}

/** Updates a repository; false when it no longer exists (deleted meanwhile: nothing is revived). */
export async function updateRepo(db: Db, id: string, values: RepoUpdate): Promise<boolean> {
  const result = await db.updateTable('repos').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks the repository `syncing` unless it already is (or is being deleted): the lock that
 * keeps two syncs or branch switches of one repository from running at once. False when taken.
 */
export async function markRepoSyncing(
  db: Db,
  id: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('repos')
    .set({ status: 'syncing', error: null, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'not in', ['syncing', 'deleting'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the user's repository (files, commits and objects cascade); false when not theirs. */
export async function deleteRepoOfUser(db: Db, id: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('repos')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** True when the listing of `commitId` is stored completely. */
export async function isCommitListed(db: Db, repoId: string, commitId: string): Promise<boolean> {
  const row = await db
    .selectFrom('repo_commits')
    .select('commit_id')
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a commit's listing as complete (a repeat is a no-op). */
export async function insertRepoCommit(
  db: Db,
  row: { repo_id: string; commit_id: string; file_count: number },
): Promise<void> {
  await db
    .insertInto('repo_commits')
    .values(row)
    .onConflict((conflict) => conflict.columns(['repo_id', 'commit_id']).doNothing())
    .execute();
}

/** The commits of a repository whose listing is stored, oldest first. */
export async function listListedCommits(db: Db, repoId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('repo_commits')
    .select('commit_id')
    .where('repo_id', '=', repoId)
    .orderBy('listed_at')
    .execute();
  return rows.map((row) => row.commit_id);
}

/** Which of `ids` are repositories that exist (any user). */
export async function listExistingRepoIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const batch = 500;
  for (let start = 0; start < ids.length; start += batch) {
    const rows = await db
      .selectFrom('repos')
      .select('id')
      .where('id', 'in', ids.slice(start, start + batch))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
