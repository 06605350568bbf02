import type { Repo } from '@codedocs/db';
import type { Db } from './db';

/** A repo row with the counts the Repo JSON reports. */
export interface RepoWithCounts extends Repo {
  object_count: number;
  /** Objects with at least one doc field. */
  documented_count: number;
  /** Objects with a doc written against code that has changed since. */
  stale_count: number;
  languages: string[];
}

/** The caller's repositories, oldest first, with their object counts and languages. */
export async function listReposOfUser(db: Db, userId: string): Promise<RepoWithCounts[]> {
  const repos = await db
    .selectFrom('repos')
    .selectAll('repos')
    .select((eb) =>
      eb
        .selectFrom('code_objects')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('code_objects.repo_id', '=', 'repos.id')
        .as('object_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('code_objects')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('code_objects.repo_id', '=', 'repos.id')
        .where((inner) =>
          inner.exists(
            inner
              .selectFrom('docs')
              .select('docs.object_id')
              .whereRef('docs.object_id', '=', 'code_objects.id'),
          ),
        )
        .as('documented_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('code_objects')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('code_objects.repo_id', '=', 'repos.id')
        .where((inner) =>
          inner.exists(
            inner
              .selectFrom('docs')
              .select('docs.object_id')
              .whereRef('docs.object_id', '=', 'code_objects.id')
              .whereRef('docs.code_hash_at_write', '!=', 'code_objects.code_hash'),
          ),
        )
        .as('stale_count'),
    )
    .where('repos.user_id', '=', userId)
    .orderBy('repos.created_at')
    .execute();
  if (repos.length === 0) return [];
  const languages = await db
    .selectFrom('code_objects')
    .select(['repo_id', 'language'])
    .distinct()
    .where(
      'repo_id',
      'in',
      repos.map((repo) => repo.id),
    )
    .execute();
  return repos.map((repo) => ({
    ...repo,
    object_count: Number(repo.object_count ?? 0),
    documented_count: Number(repo.documented_count ?? 0),
    stale_count: Number(repo.stale_count ?? 0),
    languages: languages
      .filter((row) => row.repo_id === repo.id)
      .map((row) => row.language)
      .sort(),
  }));
}
