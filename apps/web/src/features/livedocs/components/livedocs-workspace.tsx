import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FileCode2 } from 'lucide-react';
import {
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  type LivedocsObject,
  type ObjectStatus,
} from '@codedocs/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import type { useTask } from '@/hooks/use-task';
import { failureMessage } from '@/lib/api-error';
import { getPlanToken } from '@/lib/cookies';
import {
  getLivedocsObject,
  regenerateLivedocsObject,
  reviewLivedocsObject,
} from '../api/livedocs-calls';
import type { ObjectEditor } from '../hooks/use-object-editor';
import { objectStatusChanged, selectLivedocs } from '../store/livedocs-slice';
import { FilePicker } from './file-picker';
import { ObjectPicker } from './object-picker';
import { ObjectWorkspace } from './object-workspace';
import { TaskProgress } from './task-progress';
import { UnsavedDialog } from './unsaved-dialog';

/** Files, objects and the open object of one repository and commit. */
export function LivedocsWorkspace({
  renderCode,
  repoId,
  commitId,
  atHead,
  indexTask,
  refreshKey,
  onRetry,
  onFilesChanged,
  onToggleFile,
  onSelectFiles,
}: {
  renderCode: (code: string, language: string, filePath: string) => ReactNode;
  repoId: string;
  commitId: string | undefined;
  atHead: boolean;
  indexTask: ReturnType<typeof useTask>;
  refreshKey: number;
  onRetry: () => void;
  onFilesChanged: () => void;
  onToggleFile: (id: string) => void;
  onSelectFiles: (ids: string[]) => void;
}) {
  const dispatch = useAppDispatch();
  const livedocs = useAppSelector(selectLivedocs);
  const { files, objects } = livedocs;
  const [openId, setOpenId] = useState<string | null>(null);
  const [object, setObject] = useState<LivedocsObject | null>(null);
  const [objectError, setObjectError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showEmpty, setShowEmpty] = useState(true);
  const [pendingOpen, setPendingOpen] = useState<string | null>(null);
  const editorRef = useRef<ObjectEditor | null>(null);

  const loadObject = useCallback(
    async (objectId: string) => {
      setOpenId(objectId);
      setObjectError(null);
      try {
        setObject(await getLivedocsObject(repoId, objectId, commitId));
      } catch (error) {
        setObject(null);
        setObjectError(failureMessage(error, 'Could not load this object'));
      }
    },
    [repoId, commitId],
  );

  // after a generation, the open object shows its new fields
  useEffect(() => {
    if (refreshKey > 0 && openId && (editorRef.current?.dirty.length ?? 0) === 0) {
      void loadObject(openId);
    }
    // only when a generation finished
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);

  const handleOpen = (objectId: string) => {
    if (objectId === openId) return;
    if ((editorRef.current?.dirty.length ?? 0) > 0) setPendingOpen(objectId);
    else void loadObject(objectId);
  };

  const handleSaved = useCallback(
    (status: ObjectStatus) => {
      if (!object) return;
      setObject({ ...object, status });
      dispatch(
        objectStatusChanged({
          object_id: object.object_id,
          status,
          last_updated: new Date().toISOString(),
        }),
      );
      onFilesChanged();
    },
    [dispatch, object, onFilesChanged],
  );

  const applyObject = (next: LivedocsObject) => {
    setObject(next);
    editorRef.current?.replaceFields(next.fields);
    dispatch(
      objectStatusChanged({
        object_id: next.object_id,
        status: next.status,
        last_updated: next.last_updated,
      }),
    );
    onFilesChanged();
  };

  const runAction = async (action: () => Promise<LivedocsObject>, failure: string) => {
    setBusy(true);
    try {
      applyObject(await action());
    } catch (error) {
      toast({
        variant: 'destructive',
        title: failure,
        description: failureMessage(error, failure),
      });
    } finally {
      setBusy(false);
    }
  };

  const handleRegenerate = () => {
    const plan = getPlanToken();
    if (!plan) {
      toast({ variant: 'destructive', title: NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND });
      return;
    }
    if (object) {
      void runAction(
        () => regenerateLivedocsObject(repoId, object.object_id, plan),
        'Could not regenerate',
      );
    }
  };

  const handleReloadField = async (fieldId: string) => {
    if (!object) return;
    try {
      const fresh = await getLivedocsObject(repoId, object.object_id, commitId);
      const field = fresh.fields.find((f) => f.field_id === fieldId);
      if (field) editorRef.current?.reloadField(field);
    } catch (error) {
      toast({ variant: 'destructive', title: failureMessage(error, 'Could not reload the field') });
    }
  };

  const filePath = object?.file_path ?? '';
  const renderObjectCode = useCallback(
    (code: string, language: string) => renderCode(code, language, filePath),
    [renderCode, filePath],
  );

  if (files.status === 'failed') {
    return (
      <LoadError message={files.error ?? ''} onRetry={onRetry} data-testid="livedocs-files-error" />
    );
  }
  if (files.indexStatus === 'indexing' || files.indexStatus === 'failed') {
    return files.indexStatus === 'failed' ? (
      <LoadError
        message={`The code of this commit could not be read: ${indexTask?.error ?? 'indexing failed'}`}
        onRetry={onRetry}
      />
    ) : (
      <TaskProgress
        testId="livedocs-indexing"
        label="Reading the code"
        done={indexTask?.progress.done ?? 0}
        total={indexTask?.progress.total ?? 0}
        message={indexTask?.message ?? 'Queued'}
      />
    );
  }
  if (files.status !== 'succeeded' && files.items.length === 0) {
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading files…
      </div>
    );
  }
  if (files.items.length === 0) {
    return (
      <p data-testid="livedocs-no-files" className="text-sm text-muted-foreground">
        No source file with functions, classes or types at this commit.
      </p>
    );
  }

  return (
    <div className="grid min-h-0 gap-4 lg:h-[calc(100vh-15rem)] lg:grid-cols-[20rem_minmax(0,1fr)] 2xl:grid-cols-[18rem_22rem_minmax(0,1fr)]">
      {/* files above objects in one column, side by side on very wide screens */}
      <div className="flex min-h-0 flex-col gap-4 2xl:contents">
        <FilePicker
          files={files.items}
          selectedIds={livedocs.selectedFileIds}
          onToggle={onToggleFile}
          onSelect={onSelectFiles}
        />
        <div className="flex min-h-0 flex-col">
          {livedocs.selectedFileIds.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
              <FileCode2 aria-hidden="true" className="size-8" />
              Select files to list their functions, classes and types.
            </div>
          ) : objects.status === 'failed' ? (
            <LoadError
              message={objects.error ?? ''}
              onRetry={onRetry}
              data-testid="livedocs-objects-error"
            />
          ) : (
            <ObjectPicker
              objects={objects.items}
              openId={openId}
              onOpen={(o) => handleOpen(o.object_id)}
            />
          )}
        </div>
      </div>
      <div className="min-h-0 overflow-auto pr-1">
        {objectError && (
          <LoadError message={objectError} onRetry={() => openId && void loadObject(openId)} />
        )}
        {!object && !objectError && (
          <p className="text-sm text-muted-foreground">
            {openId ? 'Loading…' : 'Open an object to read and edit its documentation.'}
          </p>
        )}
        {object && (
          <ObjectWorkspace
            key={object.object_id}
            object={object}
            repoId={repoId}
            editorRef={editorRef}
            onSaved={handleSaved}
            showEmpty={showEmpty}
            onShowEmptyChange={setShowEmpty}
            onRegenerate={atHead ? handleRegenerate : () => undefined}
            onReview={() =>
              void runAction(
                () => reviewLivedocsObject(repoId, object.object_id),
                'Could not mark as reviewed',
              )
            }
            onReloadField={(fieldId) => void handleReloadField(fieldId)}
            onOpenRef={handleOpen}
            busy={busy || !atHead}
            renderCode={renderObjectCode}
          />
        )}
      </div>
      <UnsavedDialog
        open={pendingOpen !== null}
        fields={editorRef.current?.dirty.length ?? 0}
        onCancel={() => setPendingOpen(null)}
        onDiscard={() => {
          const next = pendingOpen;
          setPendingOpen(null);
          if (next) void loadObject(next);
        }}
        onSave={() => {
          const next = pendingOpen;
          setPendingOpen(null);
          void editorRef.current?.save().then((saved) => {
            if (saved && next) void loadObject(next);
          });
        }}
      />
    </div>
  );
}
