import { useCallback } from 'react';
import { FAILED_TO_DELETE_REPO, FAILED_TO_SYNC_REPO } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { toast } from '@/hooks/use-toast';
import type { Repo } from '../api/get-repos';
import {
  checkoutRepoBranch,
  deleteRepoById,
  NOTHING_NEW_STATUS,
  syncRepoById,
  type RepoFailure,
} from '../store/repos-slice';

const shortCommit = (commit: string | null) => (commit ? commit.slice(0, 7) : 'no commit');

function failureToast(title: string, failure: RepoFailure | undefined) {
  const description = failure && failure.message !== title ? failure.message : undefined;
  toast({ variant: 'destructive', title, description });
}

/**
 * Sync, branch switch and delete of one repo, each reporting its result as a toast (one at a
 * time, spec section 4). Each resolves true when the call succeeded.
 */
export function useRepoActions() {
  const dispatch = useAppDispatch();

  const sync = useCallback(
    async (repo: Repo) => {
      const result = await dispatch(syncRepoById(repo.repo_id));
      if (syncRepoById.fulfilled.match(result)) {
        toast({
          title: 'Repository synced',
          description: `${repo.name} is now at ${shortCommit(result.payload.commit_id)}.`,
        });
        return true;
      }
      if (result.payload?.status === NOTHING_NEW_STATUS) {
        toast({ title: 'Already up to date', description: `${repo.name} has no new commits.` });
        return true;
      }
      failureToast(FAILED_TO_SYNC_REPO, result.payload);
      return false;
    },
    [dispatch],
  );

  const switchBranch = useCallback(
    async (repo: Repo, branchName: string) => {
      const result = await dispatch(checkoutRepoBranch({ repoId: repo.repo_id, branchName }));
      if (checkoutRepoBranch.fulfilled.match(result)) {
        toast({ title: 'Branch switched', description: `${repo.name} is now on ${branchName}.` });
        return true;
      }
      failureToast(FAILED_TO_SYNC_REPO, result.payload);
      return false;
    },
    [dispatch],
  );

  const remove = useCallback(
    async (repo: Repo) => {
      const result = await dispatch(deleteRepoById(repo.repo_id));
      if (deleteRepoById.fulfilled.match(result)) {
        toast({ title: 'Repository deleted', description: `${repo.name} was removed.` });
        return true;
      }
      failureToast(FAILED_TO_DELETE_REPO, result.payload);
      return false;
    },
    [dispatch],
  );

  return { sync, switchBranch, remove };
}
