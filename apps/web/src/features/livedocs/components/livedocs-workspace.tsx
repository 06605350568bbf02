import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ArrowLeft, FileCode2, MousePointerClick } from 'lucide-react';
import {
  ErrorCode,
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  SOMETHING_WENT_WRONG,
  type LivedocsField,
  type LivedocsObject,
  type ObjectStatus,
  type Task,
} from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TaskProgress } from '@/components/task-progress';
import { toast } from '@/hooks/use-toast';
import { ApiError, failureMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { withPlanToken } from '@/lib/plan-token';
import { regenerateLivedocsObject, reviewLivedocsObject } from '../api/livedocs-calls';
import { useOpenObject } from '../hooks/use-open-object';
import {
  fileToggled,
  filesSelected,
  objectStatusChanged,
  objectToggled,
  objectsSelected,
  selectLivedocs,
} from '../store/livedocs-slice';
import { FilePicker } from './file-picker';
import { ObjectPicker } from './object-picker';
import { ObjectWorkspace } from './object-workspace';

/** Props of LivedocsWorkspace. */
export interface LivedocsWorkspaceProps {
  repoId: string;
  commitId: string | undefined;
  /** An earlier commit: nothing can be edited. */
  readOnly: boolean;
  /** The indexing task while the engine reads the commit. */
  indexTask: Task | null;
  /** The open object (from the URL). */
  objectId: string | null;
  /** Counts finished generations: each reloads the open object. */
  generated: number;
  onOpen: (objectId: string) => void;
  /** Closes the open object: below lg, back from the object to the lists. */
  onClose: () => void;
  onRetryFiles: () => void;
  onRetryObjects: () => void;
  objectHref: (objectId: string) => string;
  renderCode: (code: string, language: string, firstLine: number) => ReactNode;
  /**
   * "Add to pocket" for the open object or the selected objects; the screen brings the
   * dialog. Without it the action is not offered.
   */
  onAddToPocket?: (objectIds: string[], subject: string) => void;
  /** The object list's status filter to start with (a dashboard link to the stale objects). */
  initialStatus?: ObjectStatus;
}

/**
 * The three panes of the screen: files (multi-select), the objects of the selected files, and
 * the open object; plus the states before them (indexing, not indexed, loading, failures).
 * From lg up they fill the height they are given (lists scroll inside, side by side with the
 * object); below lg the lists and the open object are shown one at a time.
 */
export function LivedocsWorkspace(props: LivedocsWorkspaceProps) {
  const { indexTask, onRetryFiles } = props;
  const { files } = useAppSelector(selectLivedocs);

  if (files.status === 'failed') {
    return (
      <LoadError
        message={files.error ?? ''}
        onRetry={onRetryFiles}
        data-testid="livedocs-files-error"
      />
    );
  }
  if (files.indexStatus === 'indexing') {
    return (
      <TaskProgress
        testId="livedocs-indexing"
        label="Reading the code of this commit"
        done={indexTask?.progress.done ?? 0}
        total={indexTask?.progress.total ?? 0}
        message={indexTask?.message ?? 'Queued'}
      />
    );
  }
  if (files.indexStatus === 'failed' || files.indexStatus === 'not_indexed') {
    return (
      <LoadError
        data-testid="livedocs-not-indexed"
        message={
          files.indexStatus === 'failed'
            ? `The code of this commit could not be read${indexTask?.error ? `: ${indexTask.error}` : '.'}`
            : 'The code of this commit has not been read yet.'
        }
        onRetry={onRetryFiles}
      />
    );
  }
  if (files.status !== 'succeeded' && files.items.length === 0) {
    return (
      <div className="grid gap-4 lg:grid-cols-[18rem_22rem_1fr]" aria-busy="true">
        {[0, 1, 2].map((column) => (
          <div key={column} className="flex flex-col gap-2">
            <Skeleton className="h-9 w-full" />
            {Array.from({ length: 6 }, (_, row) => (
              <Skeleton key={row} className="h-7 w-full" />
            ))}
          </div>
        ))}
      </div>
    );
  }
  if (files.items.length === 0) {
    return (
      <p
        data-testid="livedocs-no-files"
        className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground"
      >
        No source file with functions, classes or types at this commit.
      </p>
    );
  }
  return <Panes {...props} />;
}

function Panes({
  repoId,
  commitId,
  readOnly,
  objectId,
  generated,
  onOpen,
  onClose,
  onRetryObjects,
  objectHref,
  renderCode,
  onAddToPocket,
  initialStatus,
}: LivedocsWorkspaceProps) {
  const dispatch = useAppDispatch();
  const livedocs = useAppSelector(selectLivedocs);
  const { files, objects, selectedFileIds } = livedocs;
  const open = useOpenObject(repoId, commitId, objectId);
  const [showEmpty, setShowEmpty] = useState(true);
  const [busy, setBusy] = useState(false);
  /** The object Regenerate last ran for: its banner then asks for a review of the kept fields. */
  const [regeneratedId, setRegeneratedId] = useState<string | null>(null);

  // the objects of files no longer selected go at once, before the next fetch answers
  const shownObjects = useMemo(() => {
    const selected = new Set(selectedFileIds);
    return objects.items.filter((o) => selected.has(o.file_id));
  }, [objects.items, selectedFileIds]);

  const { reload } = open;
  const generatedSeen = useRef(generated);
  useEffect(() => {
    if (generated === generatedSeen.current) return;
    generatedSeen.current = generated;
    // drafts survive: the editor keeps the version each one started from
    reload();
  }, [generated, reload]);

  const { update } = open;
  const handleFieldChanged = useCallback(
    (objectId: string, field: LivedocsField, status?: ObjectStatus) => {
      update((object) =>
        object.object_id !== objectId
          ? object
          : {
              ...object,
              status: status ?? object.status,
              fields: object.fields.map((f) => (f.field_id === field.field_id ? field : f)),
            },
      );
      if (status) {
        dispatch(
          objectStatusChanged({ object_id: objectId, status, last_updated: field.updated_at }),
        );
      }
    },
    [update, dispatch],
  );

  const runAction = async (
    action: () => Promise<LivedocsObject>,
    failure: string,
    onDone?: (object: LivedocsObject) => void,
  ) => {
    setBusy(true);
    try {
      const next = await action();
      onDone?.(next);
      update(() => next);
      dispatch(
        objectStatusChanged({
          object_id: next.object_id,
          status: next.status,
          last_updated: next.last_updated,
        }),
      );
    } catch (error) {
      toast({
        variant: 'destructive',
        title: failure,
        description: failureMessage(error, SOMETHING_WENT_WRONG),
      });
    } finally {
      setBusy(false);
    }
  };

  const handleRegenerate = (object: LivedocsObject) => {
    void runAction(
      async () => {
        const answer = await withPlanToken((plan) =>
          regenerateLivedocsObject(repoId, object.object_id, plan),
        );
        if (answer.plan === undefined) {
          throw new ApiError(
            403,
            ErrorCode.subscriptionRequired,
            NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
          );
        }
        return answer.value;
      },
      'Could not regenerate',
      (next) => setRegeneratedId(next.object_id),
    );
  };

  // below lg one step at a time: the lists, or the open object with a way back to them
  const detail = objectId !== null;
  const detailRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // the lists were above: bring the object (and its way back) to the top of the window
    if (detail && window.matchMedia?.('(max-width: 1023.98px)').matches) {
      detailRef.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [detail, objectId]);

  return (
    // files above objects beside a wide object panel; three columns on very wide screens
    <div
      data-testid="livedocs-panes"
      className="grid min-h-0 grid-cols-[minmax(0,1fr)] gap-4 lg:flex-1 lg:grid-cols-[minmax(20rem,2fr)_minmax(0,3fr)] lg:grid-rows-[minmax(0,1fr)] 2xl:grid-cols-[minmax(16rem,1fr)_minmax(18rem,1fr)_minmax(0,2fr)]"
    >
      <div
        data-testid="livedocs-lists"
        className={cn(
          'flex min-h-0 min-w-0 flex-col gap-4 2xl:contents',
          detail && 'max-lg:hidden',
        )}
      >
        <FilePicker
          files={files.items}
          selectedIds={selectedFileIds}
          onToggle={(id) => dispatch(fileToggled(id))}
          onSelect={(ids) => dispatch(filesSelected(ids))}
        />
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          {selectedFileIds.length === 0 ? (
            <div
              data-testid="livedocs-no-selection"
              className="flex min-h-32 flex-1 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground"
            >
              <FileCode2 aria-hidden="true" className="size-8" />
              Select files to list their functions, classes and types.
            </div>
          ) : objects.status === 'failed' ? (
            <LoadError
              message={objects.error ?? ''}
              onRetry={onRetryObjects}
              data-testid="livedocs-objects-error"
            />
          ) : (
            <ObjectPicker
              objects={shownObjects}
              loading={shownObjects.length === 0 && objects.status !== 'succeeded'}
              openId={objectId}
              initialStatus={initialStatus}
              selectedIds={livedocs.selectedObjectIds}
              onOpen={(o) => onOpen(o.object_id)}
              onToggle={(id) => dispatch(objectToggled(id))}
              onSelect={(ids) => dispatch(objectsSelected(ids))}
              onAddToPocket={
                onAddToPocket &&
                ((ids) =>
                  onAddToPocket(ids, `${ids.length} ${ids.length === 1 ? 'object' : 'objects'}`))
              }
            />
          )}
        </div>
      </div>
      <div
        ref={detailRef}
        data-testid="livedocs-detail"
        className={cn(
          'min-h-0 min-w-0 scroll-mt-18 lg:overflow-auto lg:pr-1',
          !detail && 'max-lg:hidden',
        )}
      >
        {detail && (
          <Button
            variant="outline"
            size="sm"
            className="mb-3 lg:hidden"
            data-testid="livedocs-back"
            onClick={onClose}
          >
            <ArrowLeft aria-hidden="true" />
            Back to objects
          </Button>
        )}
        {open.error && <LoadError message={open.error} onRetry={reload} />}
        {!objectId && (
          <div className="flex h-full min-h-40 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            <MousePointerClick aria-hidden="true" className="size-8" />
            Open an object to read and edit its documentation.
          </div>
        )}
        {objectId && open.loading && !open.object && (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only">
              <Spinner /> Loading the object
            </span>
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
        {open.object && (
          <ObjectWorkspace
            key={open.object.object_id}
            object={open.object}
            repoId={repoId}
            readOnly={readOnly}
            showEmpty={showEmpty}
            onShowEmptyChange={setShowEmpty}
            onFieldChanged={handleFieldChanged}
            onRegenerate={() => open.object && handleRegenerate(open.object)}
            onReview={() => {
              const id = open.object?.object_id;
              if (id) {
                void runAction(
                  () => reviewLivedocsObject(repoId, id),
                  'Could not mark as reviewed',
                );
              }
            }}
            busy={busy}
            regenerated={regeneratedId === open.object.object_id}
            objectHref={objectHref}
            renderCode={renderCode}
            onAddToPocket={
              onAddToPocket &&
              (() =>
                open.object && onAddToPocket([open.object.object_id], open.object.qualified_name))
            }
          />
        )}
      </div>
    </div>
  );
}
