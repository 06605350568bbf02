import { useEffect, useRef, useState } from 'react';
import {
  ErrorCode,
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  SOMETHING_WENT_WRONG,
  type LivedocsEstimateResponse,
} from '@codedocs/contract';
import { toast } from '@/hooks/use-toast';
import { useTask } from '@/hooks/use-task';
import { ApiError, failureMessage } from '@/lib/api-error';
import { withPlanToken } from '@/lib/plan-token';
import { generateLivedocs } from '../api/livedocs-calls';
import { getLivedocsEstimate } from '../api/get-livedocs-estimate';

/** Where a generation stands, for the progress panel. */
export interface GenerationProgress {
  status: 'starting' | 'queued' | 'running' | 'succeeded' | 'failed';
  done: number;
  total: number;
  message: string | null;
  /** What it spends of the monthly quota, from the estimate it started with. */
  estimate: LivedocsEstimateResponse | null;
}

/** A generation waiting for the person to confirm what it spends. */
export interface GenerationConfirmation {
  fileIds: readonly string[] | null;
  estimate: LivedocsEstimateResponse;
}

/**
 * Why a generation could not start, shown in the panel until dismissed (a toast goes after a few
 * seconds): the quota is used up, or there is no usable plan. Both lead to the plans.
 */
export interface GenerationRefusal {
  reason: 'quota' | 'subscription';
  message: string;
}

/** What useGeneration offers the screen. */
export interface Generation {
  /**
   * Asks what generating these files (every file with null) would spend, then starts at once,
   * or waits for `confirm` when it would use more than half of what is left this month.
   */
  request(fileIds: readonly string[] | null): Promise<void>;
  confirmation: GenerationConfirmation | null;
  confirm(): void;
  cancelConfirmation(): void;
  refusal: GenerationRefusal | null;
  dismissRefusal(): void;
  /** A generation is being estimated, started or runs: the buttons wait. */
  busy: boolean;
  /** The latest generation's progress (null before the first and once dismissed). */
  progress: GenerationProgress | null;
  dismissProgress(): void;
}

/** Whether spending `estimate.to_spend` needs a confirmation: more than half of what is left. */
export function needsConfirmation(estimate: LivedocsEstimateResponse): boolean {
  return estimate.left !== null && estimate.to_spend > 0 && estimate.to_spend > estimate.left / 2;
}

/** The server's own sentence for a generation the quota cannot take (checkQuota). */
export function quotaRefusalMessage(estimate: LivedocsEstimateResponse): string {
  return `Your plan documents up to ${estimate.quota ?? 0} objects a month and ${estimate.left ?? 0} are left this month; this needs ${estimate.to_spend}. Choose fewer files or upgrade your plan.`;
}

function refusalOf(error: unknown): GenerationRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return {
    reason: error.code === ErrorCode.subscriptionRequired ? 'subscription' : 'quota',
    message: failureMessage(error, SOMETHING_WENT_WRONG),
  };
}

/**
 * Live-docs generation for one repository. Without a plan token (the `ps` cookie, fetched again
 * when missing or about to expire) it refuses before generating ("No active parser subscription
 * found", spec section 5). Otherwise it first asks the
 * server what the generation would spend (`GET /v2/livedocs/estimate`), refuses in place when
 * the quota cannot take it, asks when it would use more than half of what is left, then starts
 * the task with the plan header and follows it on the task event stream, calling `onSucceeded`
 * once the docs are written so the lists and the open object can be fetched again.
 */
export function useGeneration(repoId: string, onSucceeded: () => void): Generation {
  const [phase, setPhase] = useState<'idle' | 'estimating' | 'starting'>('idle');
  const [confirmation, setConfirmation] = useState<GenerationConfirmation | null>(null);
  const [refusal, setRefusal] = useState<GenerationRefusal | null>(null);
  const [run, setRun] = useState<{
    taskId: string;
    objectCount: number;
    estimate: LivedocsEstimateResponse | null;
  } | null>(null);
  const [dismissed, setDismissed] = useState(false);
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

  // shown in the panel, where it stays until dismissed; no toast beside it says the same
  const refuse = (next: GenerationRefusal) => setRefusal(next);

  const start = async (
    fileIds: readonly string[] | null,
    estimate: LivedocsEstimateResponse | null,
  ) => {
    setPhase('starting');
    setDismissed(false);
    try {
      const answer = await withPlanToken((plan) => generateLivedocs(repoId, fileIds, plan));
      if (answer.plan === undefined) {
        refuse({ reason: 'subscription', message: NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND });
        return;
      }
      setRun({
        taskId: answer.value.task_id,
        objectCount: answer.value.object_count,
        estimate,
      });
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) refuse(refused);
      else {
        toast({
          variant: 'destructive',
          title: 'Could not generate docs',
          description: failureMessage(error, SOMETHING_WENT_WRONG),
        });
      }
    } finally {
      setPhase('idle');
    }
  };

  const request = async (fileIds: readonly string[] | null) => {
    setRefusal(null);
    setPhase('estimating');
    let estimate: LivedocsEstimateResponse;
    try {
      const answer = await withPlanToken((plan) => getLivedocsEstimate(repoId, fileIds, plan));
      if (answer.plan === undefined) {
        setPhase('idle');
        refuse({ reason: 'subscription', message: NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND });
        return;
      }
      estimate = answer.value;
    } catch (error) {
      setPhase('idle');
      const refused = refusalOf(error);
      if (refused) refuse(refused);
      else {
        toast({
          variant: 'destructive',
          title: 'Could not generate docs',
          description: failureMessage(error, SOMETHING_WENT_WRONG),
        });
      }
      return;
    }
    setPhase('idle');
    if (estimate.left !== null && estimate.to_spend > estimate.left) {
      refuse({ reason: 'quota', message: quotaRefusalMessage(estimate) });
    } else if (needsConfirmation(estimate)) {
      setConfirmation({ fileIds, estimate });
    } else {
      await start(fileIds, estimate);
    }
  };

  const confirm = () => {
    if (!confirmation) return;
    setConfirmation(null);
    void start(confirmation.fileIds, confirmation.estimate);
  };

  let progress: GenerationProgress | null = null;
  if (phase !== 'idle') {
    const message = phase === 'estimating' ? 'Counting the objects to document' : 'Starting';
    progress = { status: 'starting', done: 0, total: 0, message, estimate: null };
  } else if (run && !dismissed) {
    progress = task
      ? {
          status: task.status,
          done: task.progress.done,
          total: task.progress.total || run.objectCount,
          message: task.status === 'succeeded' ? 'Docs generated' : task.message,
          estimate: run.estimate,
        }
      : {
          status: 'queued',
          done: 0,
          total: run.objectCount,
          message: 'Queued',
          estimate: run.estimate,
        };
  }
  const busy =
    confirmation !== null ||
    (progress !== null && ['starting', 'queued', 'running'].includes(progress.status));
  return {
    request,
    confirmation,
    confirm,
    cancelConfirmation: () => setConfirmation(null),
    refusal,
    dismissRefusal: () => setRefusal(null),
    busy,
    progress,
    dismissProgress: () => setDismissed(true),
  };
}
