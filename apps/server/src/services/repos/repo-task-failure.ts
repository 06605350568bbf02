import type { Repo } from '@codedocs/db';
import { findRepo, updateRepo } from '../../repositories/repos-repository';
import { nowIso } from '../context';
import { toJobFailure } from './repo-git';
import type { JobServiceContext as JobDeps } from '../job-context';

/** What a sync or branch switch returns when its repository was deleted while it ran. */
export const REPO_GONE = { changed: false, deleted: true } as const;

/** The user's repository for a sync/checkout job, or undefined when it is gone (finish quietly). */
export async function repoOfJob(
  deps: JobDeps,
  repoId: string,
  userId: string | null,
): Promise<Repo | undefined> {
  const repo = await findRepo(deps.db, repoId);
  return repo && repo.user_id === userId ? repo : undefined;
}

/**
 * Ends a failed sync or branch switch: the repository shows status `error` with the sanitised
 * reason, and the failure goes to the queue (which retries it unless it is permanent). A
 * repository deleted meanwhile ends the task quietly instead, and nothing is written back.
 */
export async function failRepoTask(
  deps: JobDeps,
  repoId: string,
  error: unknown,
  signal: AbortSignal,
): Promise<typeof REPO_GONE> {
  if (signal.aborted) throw error;
  const failure = toJobFailure(error);
  if (!(await findRepo(deps.db, repoId))) return REPO_GONE;
  await updateRepo(deps.db, repoId, {
    status: 'error',
    error: failure.message,
    updated_at: nowIso(),
  });
  throw failure;
}
