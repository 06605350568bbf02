import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FileCode2, FolderGit2 } from 'lucide-react';
import {
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  type LivedocsObject,
  type ObjectStatus,
} from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Screen } from '@/components/screen';
import { TextLink } from '@/components/text-link';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { CodeView } from '@/features/files/components/code-view';
import {
  generateLivedocs,
  getLivedocsCommits,
  getLivedocsObject,
  regenerateLivedocsObject,
  reviewLivedocsObject,
} from '@/features/livedocs/api/livedocs-calls';
import { FilePicker } from '@/features/livedocs/components/file-picker';
import { ObjectPicker } from '@/features/livedocs/components/object-picker';
import { ObjectWorkspace } from '@/features/livedocs/components/object-workspace';
import { UnsavedDialog } from '@/features/livedocs/components/unsaved-dialog';
import type { ObjectEditor } from '@/features/livedocs/hooks/use-object-editor';
import {
  fetchLivedocsFiles,
  fetchLivedocsObjects,
  filesSelected,
  fileToggled,
  livedocsReset,
  objectStatusChanged,
  selectLivedocs,
} from '@/features/livedocs/store/livedocs-slice';
import type { Repo } from '@/features/repos/api/get-repos';
import { fetchRepos, selectReposState } from '@/features/repos/store/repos-slice';
import { toast } from '@/hooks/use-toast';
import { useTask } from '@/hooks/use-task';
import { failureMessage } from '@/lib/api-error';
import { getPlanToken } from '@/lib/cookies';
import { useAppDispatch, useAppSelector } from '../../hooks';

const REPO_PARAM = 'repo';
const COMMIT_PARAM = 'commit';
/** Wait after the last file (de)selection before loading the objects of the selection. */
const SELECTION_DEBOUNCE_MS = 200;

/**
 * `/app/livedocs`: pick a repository and an indexed commit, select files, generate their docs
 * (with live progress), and open an object to read and edit its doc fields.
 */
export function LivedocsScreen() {
  const dispatch = useAppDispatch();
  const repos = useAppSelector(selectReposState);
  const [params, setParams] = useSearchParams();
  const repoParam = params.get(REPO_PARAM);
  const repo = repos.items.find((item) => item.repo_id === repoParam) ?? repos.items[0] ?? null;

  useEffect(() => {
    if (repos.status === 'idle') void dispatch(fetchRepos());
  }, [dispatch, repos.status]);

  const handleRepoChange = (repoId: string) =>
    setParams({ [REPO_PARAM]: repoId }, { replace: false });

  return (
    <Screen info={SCREENS.livedocs} className="flex min-w-0 flex-col gap-4">
      <p className="text-muted-foreground">{SCREENS.livedocs.description}</p>
      {repos.status === 'failed' && repos.items.length === 0 && (
        <LoadError message={repos.error ?? ''} onRetry={() => void dispatch(fetchRepos())} />
      )}
      {repos.status !== 'failed' && repos.status !== 'succeeded' && repos.items.length === 0 && (
        <Skeleton className="h-9 w-full max-w-md" />
      )}
      {repos.status === 'succeeded' && repos.items.length === 0 && (
        <div
          data-testid="livedocs-no-repos"
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center"
        >
          <FolderGit2 aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No repositories yet</p>
          <p className="text-sm text-muted-foreground">
            Connect a repository to document its code.{' '}
            <TextLink to={paths.app.repository}>Go to Repositories</TextLink>
          </p>
        </div>
      )}
      {repo && (
        <RepoDocs
          key={`${repo.repo_id}:${params.get(COMMIT_PARAM) ?? ''}`}
          repo={repo}
          repos={repos.items}
          commitParam={params.get(COMMIT_PARAM)}
          onRepoChange={handleRepoChange}
          onCommitChange={(commit) =>
            setParams({ [REPO_PARAM]: repo.repo_id, ...(commit ? { [COMMIT_PARAM]: commit } : {}) })
          }
        />
      )}
    </Screen>
  );
}

/** Everything below the pickers for one repository and commit (remounted per repo/commit). */
function RepoDocs({
  repo,
  repos,
  commitParam,
  onRepoChange,
  onCommitChange,
}: {
  repo: Repo;
  repos: Repo[];
  commitParam: string | null;
  onRepoChange: (repoId: string) => void;
  onCommitChange: (commitId: string | null) => void;
}) {
  const dispatch = useAppDispatch();
  const livedocs = useAppSelector(selectLivedocs);
  const repoId = repo.repo_id;
  const commitId = commitParam ?? undefined;
  const atHead = !commitParam || commitParam === repo.commit_id;
  const commits = useQuery({
    queryKey: ['livedocs-commits', repoId, repo.commit_id],
    queryFn: ({ signal }) => getLivedocsCommits(repoId, signal),
  });

  const loadFiles = useCallback(
    () => void dispatch(fetchLivedocsFiles({ repoId, commitId })),
    [dispatch, repoId, commitId],
  );
  useEffect(() => {
    dispatch(livedocsReset());
    loadFiles();
  }, [dispatch, loadFiles, repo.commit_id]);

  // While the engine reads the commit, follow its task and load the files when it is done.
  const indexTask = useTask(
    livedocs.files.indexStatus === 'indexing' ? livedocs.files.taskId : null,
  );
  useEffect(() => {
    if (indexTask?.status === 'succeeded') loadFiles();
  }, [indexTask?.status, loadFiles]);

  // The objects of the selected files, once the selection has settled.
  const selectedKey = livedocs.selectedFileIds.join(',');
  const loadObjects = useCallback(() => {
    const fileIds = selectedKey ? selectedKey.split(',') : [];
    if (fileIds.length > 0) void dispatch(fetchLivedocsObjects({ repoId, commitId, fileIds }));
  }, [dispatch, repoId, commitId, selectedKey]);
  useEffect(() => {
    const timer = setTimeout(loadObjects, SELECTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [loadObjects]);

  // Generation: refused here without the plan cookie, then followed over the event stream.
  const [generateTaskId, setGenerateTaskId] = useState<string | null>(null);
  const generateTask = useTask(generateTaskId);
  const generating =
    generateTaskId !== null &&
    (!generateTask || ['queued', 'running'].includes(generateTask.status));
  const handleGenerate = async (all: boolean) => {
    const plan = getPlanToken();
    if (!plan) {
      toast({ variant: 'destructive', title: NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND });
      return;
    }
    try {
      const answer = await generateLivedocs(repoId, all ? null : livedocs.selectedFileIds, plan);
      setGenerateTaskId(answer.task_id);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not generate docs',
        description: failureMessage(error, 'Something went wrong'),
      });
    }
  };
  const [generatedOnce, setGeneratedOnce] = useState(0);
  useEffect(() => {
    if (generateTask?.status === 'succeeded') {
      loadFiles();
      loadObjects();
      setGeneratedOnce((n) => n + 1);
    }
    if (generateTask?.status === 'failed') {
      toast({
        variant: 'destructive',
        title: 'Generation failed',
        description: generateTask.error ?? '',
      });
    }
  }, [generateTask?.status, generateTask?.error, loadFiles, loadObjects]);

  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Repository</span>
          <Select value={repoId} onValueChange={onRepoChange}>
            <SelectTrigger data-testid="livedocs-repo-select" className="w-60">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {repos.map((item) => (
                <SelectItem key={item.repo_id} value={item.repo_id}>
                  {item.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Commit</span>
          <Select
            value={commitParam ?? 'current'}
            onValueChange={(value) => onCommitChange(value === 'current' ? null : value)}
          >
            <SelectTrigger data-testid="livedocs-commit-select" className="w-72 font-mono text-xs">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="current">
                current ({repo.branch ?? 'HEAD'} · {repo.commit_id?.slice(0, 10) ?? '…'})
              </SelectItem>
              {(commits.data?.commits ?? [])
                .filter((commit) => !commit.is_current)
                .map((commit) => (
                  <SelectItem key={commit.commit_id} value={commit.commit_id}>
                    {commit.commit_id.slice(0, 10)} · {new Date(commit.indexed_at).toLocaleString()}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            variant="outline"
            data-testid="livedocs-generate-selected"
            disabled={!atHead || generating || livedocs.selectedFileIds.length === 0}
            onClick={() => void handleGenerate(false)}
          >
            Generate for selected files
          </Button>
          <Button
            data-testid="livedocs-generate-all"
            disabled={!atHead || generating || livedocs.files.indexStatus !== 'indexed'}
            onClick={() => void handleGenerate(true)}
          >
            Generate all
          </Button>
        </div>
      </div>
      {!atHead && (
        <p className="text-sm text-muted-foreground">
          Reading an earlier commit: docs are shown against its code. Generate and edit at the
          current commit.
        </p>
      )}
      {generateTaskId && generateTask && (
        <TaskProgress
          testId="livedocs-progress"
          label="Generating docs"
          done={generateTask.progress.done}
          total={generateTask.progress.total}
          message={generateTask.status === 'succeeded' ? 'Docs generated' : generateTask.message}
        />
      )}
      <Lists
        repoId={repoId}
        commitId={commitId}
        atHead={atHead}
        indexTask={indexTask}
        refreshKey={generatedOnce}
        onRetry={loadFiles}
        onFilesChanged={loadFiles}
        onToggleFile={(id) => dispatch(fileToggled(id))}
        onSelectFiles={(ids) => dispatch(filesSelected(ids))}
      />
    </>
  );
}

function TaskProgress({
  testId,
  label,
  done,
  total,
  message,
}: {
  testId: string;
  label: string;
  done: number;
  total: number;
  message: string | null;
}) {
  return (
    <div data-testid={testId} className="flex flex-col gap-1 rounded-md border border-border p-3">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="text-muted-foreground">{message}</span>
      </div>
      <Progress value={total > 0 ? done : null} max={total || 1} aria-label={label} />
    </div>
  );
}

/** Files, objects and the open object. */
function Lists({
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

  const renderCode = useCallback(
    (code: string, language: string) => (
      <CodeView
        content={code}
        language={language}
        extension={object?.file_path.split('.').pop() ?? ''}
        size={code.length}
        codeBlocks
      />
    ),
    [object?.file_path],
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
    <div className="grid min-h-0 gap-4 lg:h-[calc(100vh-15rem)] lg:grid-cols-[minmax(14rem,18rem)_minmax(16rem,22rem)_1fr]">
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
            renderCode={renderCode}
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
