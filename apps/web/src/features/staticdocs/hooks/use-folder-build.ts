import { useEffect } from 'react';
import type { Folder, Task } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { useTask } from '@/hooks/use-task';
import { refreshFolder } from '../store/staticdocs-slice';

/** How often a shared folder being built is read again (its owner's task is not streamed to us). */
export const SHARED_BUILD_POLL_MS = 5000;

/** What the screen shows of a folder's build. */
export interface FolderBuild {
  /** A build (the first, or an update) is queued or running. */
  running: boolean;
  /** The build's task, for its owner (null while unknown, for others, or when none runs). */
  task: Task | null;
  /** Percent written, once the build counts pages. */
  percent: number | null;
}

const ENDED: readonly Task['status'][] = ['succeeded', 'failed'];

/** The percent done of a task that counts its work, else null. */
export function taskPercent(task: Task | null): number | null {
  if (!task || task.progress.total <= 0) return null;
  return Math.min(100, Math.round((task.progress.done / task.progress.total) * 100));
}

/**
 * Follows a folder's build: its owner sees the task's progress on the event stream and the
 * folder is read again when the task ends (its status, size and pins change); a folder shared
 * with the user that is being built is read again every few seconds instead. Until the task is
 * known, a folder whose task is recorded with no error counts as building.
 */
export function useFolderBuild(folder: Folder): FolderBuild {
  const dispatch = useAppDispatch();
  const owner = folder.permission === 'owner';
  const task = useTask(owner ? folder.task_id : null);
  const ended = task !== null && ENDED.includes(task.status);
  const folderId = folder.folder_id;

  useEffect(() => {
    if (ended) void dispatch(refreshFolder(folderId));
  }, [dispatch, ended, folderId, task?.task_id]);

  // a task recorded without an error is a build under way (a failed one records its error)
  const pending =
    folder.status === 'building' || (folder.task_id !== null && folder.error === null);
  const polling = !owner && pending;
  useEffect(() => {
    if (!polling) return undefined;
    const timer = setInterval(() => void dispatch(refreshFolder(folderId)), SHARED_BUILD_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch, polling, folderId]);

  const running = task ? !ended : pending;
  return { running, task: running ? task : null, percent: running ? taskPercent(task) : null };
}
