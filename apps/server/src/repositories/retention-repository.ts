import { sql } from 'kysely';
import type { Db } from './db';

/** Every repository with its current commit and status. */
export async function listReposForRetention(db: Db) {
  return db.selectFrom('repos').select(['id', 'head_commit', 'status']).execute();
}

/** A repository's listed commits, newest first. */
export async function listedCommitsNewestFirst(db: Db, repoId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('repo_commits')
    .select('commit_id')
    .where('repo_id', '=', repoId)
    .orderBy('listed_at', 'desc')
    .orderBy('commit_id')
    .execute();
  return rows.map((row) => row.commit_id);
}

/** Commits the docs of a repository were written at (their diffs need that commit's code). */
export async function commitsDocsWereWrittenAt(db: Db, repoId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('docs')
    .select('docs.written_at_commit')
    .distinct()
    .where('docs.repo_id', '=', repoId)
    .where('docs.written_at_commit', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.written_at_commit ? [row.written_at_commit] : []));
}

/**
 * Removes one commit's listing and index, and the stored models only it used (no kept commit
 * lists the same blob at the same path). Run in a transaction: models first, while the
 * commit's file rows still say which they were.
 */
export async function deleteCommitData(
  db: Db,
  repoId: string,
  commitId: string,
  keep: readonly string[],
): Promise<void> {
  const kept = keep.length > 0 ? keep : [''];
  await db
    .deleteFrom('file_indexes')
    .where('repo_id', '=', repoId)
    .where(({ exists, not, selectFrom }) =>
      exists(
        selectFrom('files as gone')
          .select(sql`1`.as('one'))
          .where('gone.repo_id', '=', repoId)
          .where('gone.commit_id', '=', commitId)
          .whereRef('gone.path', '=', 'file_indexes.path')
          .whereRef('gone.blob_sha', '=', 'file_indexes.blob_sha'),
      ).and(
        not(
          exists(
            selectFrom('files as kept')
              .select(sql`1`.as('one'))
              .where('kept.repo_id', '=', repoId)
              .where('kept.commit_id', 'in', kept)
              .whereRef('kept.path', '=', 'file_indexes.path')
              .whereRef('kept.blob_sha', '=', 'file_indexes.blob_sha'),
          ),
        ),
      ),
    )
    .execute();
  await db
    .deleteFrom('repo_indexes')
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .execute();
  await db
    .deleteFrom('files')
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .execute();
  await db
    .deleteFrom('repo_commits')
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .execute();
}
