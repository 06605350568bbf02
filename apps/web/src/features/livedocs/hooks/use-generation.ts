import { useEffect, useRef, useState } from 'react';
import { NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND, SOMETHING_WENT_WRONG } from '@codedocs/contract';
import { toast } from '@/hooks/use-toast';
import { useTask } from '@/hooks/use-task';
import { failureMessage } from '@/lib/api-error';
import { getPlanToken } from '@/lib/cookies';
import { generateLivedocs } from '../api/livedocs-calls';

/** Where a generation stands, for the progress bar. */
export interface GenerationProgress {
  status: 'starting' | 'queued' | 'running' | 'succeeded' | 'failed';
  done: number;
  total: number;
  message: string | null;
}

/** What useGeneration offers the screen. */
export interface Generation {
  /** Generates for these files, or for every file of the current commit with null. */
  generate(fileIds: readonly string[] | null): Promise<void>;
  /** A generation is being started or runs: the buttons wait. */
  busy: boolean;
  /** The latest generation's progress (null before the first). */
  progress: GenerationProgress | null;
}

/**
 * Live-docs generation for one repository. Without the `ps` plan cookie it refuses before any
 * request ("No active parser subscription found", spec section 5); otherwise it starts the
 * task with the plan header and follows it on the task event stream, calling `onSucceeded` once
 * the docs are written so the lists and the open object can be fetched again.
 */
export function useGeneration(repoId: string, onSucceeded: () => void): Generation {
  const [starting, setStarting] = useState(false);
  const [run, setRun] = useState<{ taskId: string; objectCount: number } | null>(null);
  const task = useTask(run?.taskId ?? null);
  const onSucceededRef = useRef(onSucceeded);
  useEffect(() => {
    onSucceededRef.current = onSucceeded;
  }, [onSucceeded]);

  const status = task?.status;
  useEffect(() => {
    if (status === 'succeeded') onSucceededRef.current();
  }, [status]);
  const failure =
    status === 'failed' ? (task?.error ?? task?.message ?? SOMETHING_WENT_WRONG) : null;
  useEffect(() => {
    if (failure !== null) {
      toast({ variant: 'destructive', title: 'Generation failed', description: failure });
    }
  }, [failure]);

  const generate = async (fileIds: readonly string[] | null) => {
    const plan = getPlanToken();
    if (!plan) {
      toast({ variant: 'destructive', title: NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND });
      return;
    }
    setStarting(true);
    try {
      const answer = await generateLivedocs(repoId, fileIds, plan);
      setRun({ taskId: answer.task_id, objectCount: answer.object_count });
    } catch (error) {
      // 403: no valid plan token, or the quota is used up; the server says which
      toast({
        variant: 'destructive',
        title: 'Could not generate docs',
        description: failureMessage(error, SOMETHING_WENT_WRONG),
      });
    } finally {
      setStarting(false);
    }
  };

  let progress: GenerationProgress | null = null;
  if (starting) progress = { status: 'starting', done: 0, total: 0, message: 'Starting' };
  else if (run) {
    progress = task
      ? {
          status: task.status,
          done: task.progress.done,
          total: task.progress.total || run.objectCount,
          message: task.status === 'succeeded' ? 'Docs generated' : task.message,
        }
      : { status: 'queued', done: 0, total: run.objectCount, message: 'Queued' };
  }
  const busy = progress !== null && ['starting', 'queued', 'running'].includes(progress.status);
  return { generate, busy, progress };
}
