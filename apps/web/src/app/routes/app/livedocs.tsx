import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { OBJECT_STATUSES, type ObjectStatus } from '@codedocs/contract';
import { FolderGit2 } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Screen } from '@/components/screen';
import { TextLink } from '@/components/text-link';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { AddToPocketDialog } from '@/features/compilations/components/add-to-pocket-dialog';
import { CodeView } from '@/features/files/components/code-view';
import { getLivedocsCommits } from '@/features/livedocs/api/livedocs-calls';
import { GenerationConfirmDialog } from '@/features/livedocs/components/generation-confirm-dialog';
import {
  GenerationProgressPanel,
  GenerationRefusalAlert,
} from '@/features/livedocs/components/generation-status';
import { LivedocsWorkspace } from '@/features/livedocs/components/livedocs-workspace';
import { FILES_PARAM, useFileSelectionParam } from '@/features/livedocs/hooks/file-selection-param';
import { useGeneration } from '@/features/livedocs/hooks/use-generation';
import {
  fetchLivedocsFiles,
  fetchLivedocsObjects,
  filesSelected,
  livedocsReset,
  selectLivedocs,
} from '@/features/livedocs/store/livedocs-slice';
import type { Repo } from '@/features/repos/api/get-repos';
import { fetchRepos, selectReposState } from '@/features/repos/store/repos-slice';
import { useTask } from '@/hooks/use-task';
import { useAppDispatch, useAppSelector } from '../../hooks';

const REPO_PARAM = 'repo';
const COMMIT_PARAM = 'commit';
const OBJECT_PARAM = 'object';
/** The object list's status filter to start with: `?status=stale` (the dashboard's links). */
export const STATUS_PARAM = 'status';
const CURRENT = 'current';
/** Wait after the last file (de)selection before loading the objects of the selection. */
export const SELECTION_DEBOUNCE_MS = 200;

type SetParam = (changes: Record<string, string | null>, options?: { replace?: boolean }) => void;

/**
 * `/app/livedocs`: pick a repository and an indexed commit, select files, generate their docs
 * (with live progress), and open an object to read and edit its doc fields. Repository, commit
 * open object and file selection live in the URL (`?repo=&commit=&object=&files=`), so a reload
 * or a link opens the same view. From lg up the screen fills the window and its lists scroll
 * inside; below lg the lists and the open object are two steps (list → detail, "Back to objects").
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

  const setParam = useCallback<SetParam>(
    (changes, options) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      }, options),
    [setParams],
  );

  const commitParam = params.get(COMMIT_PARAM);
  return (
    <Screen
      info={SCREENS.livedocs}
      // from lg up the screen is the window's height (header 3.5rem, main padding 2 × 2rem)
      className="flex min-w-0 flex-col gap-4 lg:h-[calc(100dvh-7.5rem)] lg:min-h-[40rem]"
    >
      <p className="text-muted-foreground max-lg:text-sm">{SCREENS.livedocs.description}</p>
      {repos.status === 'failed' && repos.items.length === 0 && (
        <LoadError message={repos.error ?? ''} onRetry={() => void dispatch(fetchRepos())} />
      )}
      {repos.status !== 'failed' && repos.status !== 'succeeded' && repos.items.length === 0 && (
        <div className="flex flex-wrap gap-3" aria-busy="true">
          <Skeleton className="h-9 w-60" />
          <Skeleton className="h-9 w-72" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      {repos.status === 'succeeded' && repos.items.length === 0 && <NoRepositories />}
      {repo && (
        <RepoDocs
          // another repository, commit, or a sync of the current one: nothing carries over
          key={`${repo.repo_id}@${commitParam ?? `${CURRENT}:${repo.commit_id ?? ''}`}`}
          repo={repo}
          repos={repos.items}
          commitParam={commitParam}
          objectId={params.get(OBJECT_PARAM)}
          params={params}
          setParam={setParam}
        />
      )}
    </Screen>
  );
}

function statusFilterOf(value: string | null): ObjectStatus | undefined {
  return (OBJECT_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as ObjectStatus)
    : undefined;
}

function NoRepositories() {
  return (
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
  );
}

interface RepoDocsProps {
  repo: Repo;
  repos: Repo[];
  commitParam: string | null;
  objectId: string | null;
  params: URLSearchParams;
  setParam: SetParam;
}

/** Pickers, generation and the workspace of one repository at one commit (remounted per pair). */
function RepoDocs({ repo, repos, commitParam, objectId, params, setParam }: RepoDocsProps) {
  const dispatch = useAppDispatch();
  const livedocs = useAppSelector(selectLivedocs);
  const { files } = livedocs;
  const repoId = repo.repo_id;
  const commitId = commitParam ?? undefined;
  const atHead = !commitParam || commitParam === repo.commit_id;
  const commits = useQuery({
    queryKey: ['livedocs-commits', repoId, repo.commit_id],
    queryFn: ({ signal }) => getLivedocsCommits(repoId, signal),
  });

  const loadFiles = useCallback(
    (force = false) => void dispatch(fetchLivedocsFiles({ repoId, commitId, force })),
    [dispatch, repoId, commitId],
  );
  useEffect(() => {
    dispatch(livedocsReset());
    loadFiles();
  }, [dispatch, loadFiles]);

  // While the engine reads the commit, follow its task and load the files when it is done.
  const indexTask = useTask(files.indexStatus === 'indexing' ? files.taskId : null);
  useEffect(() => {
    if (indexTask?.status === 'succeeded' || indexTask?.status === 'failed') loadFiles(true);
  }, [indexTask?.status, loadFiles]);

  // The objects of the selected files, once the selection has settled.
  const selectedKey = livedocs.selectedFileIds.join(',');
  const loadObjects = useCallback(
    (force = false) => {
      const fileIds = selectedKey ? selectedKey.split(',') : [];
      if (fileIds.length > 0) {
        void dispatch(fetchLivedocsObjects({ repoId, commitId, fileIds, force }));
      }
    },
    [dispatch, repoId, commitId, selectedKey],
  );
  useEffect(() => {
    const timer = setTimeout(() => loadObjects(), SELECTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [loadObjects]);

  // A finished generation changes counts, statuses and the open object's fields.
  const [generated, setGenerated] = useState(0);
  const handleGenerated = useCallback(() => {
    loadFiles(true);
    loadObjects(true);
    setGenerated((n) => n + 1);
  }, [loadFiles, loadObjects]);
  const generation = useGeneration(repoId, handleGenerated);

  // the selection survives a reload: it is kept in the URL once the files have loaded
  const fileIds = useMemo(() => files.items.map((file) => file.file_id), [files.items]);
  const handleRestoreSelection = useCallback(
    (ids: string[]) => dispatch(filesSelected(ids)),
    [dispatch],
  );
  const handleSelectionParam = useCallback(
    (value: string | null) => setParam({ [FILES_PARAM]: value }, { replace: true }),
    [setParam],
  );
  useFileSelectionParam({
    loaded: files.status === 'succeeded' && files.indexStatus === 'indexed',
    fileIds,
    selected: livedocs.selectedFileIds,
    param: params.get(FILES_PARAM),
    onRestore: handleRestoreSelection,
    onParamChange: handleSelectionParam,
  });

  const objectHref = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set(OBJECT_PARAM, id);
      return `?${next.toString()}`;
    },
    [params],
  );

  const renderCode = useCallback(
    (code: string, language: string, firstLine: number) => (
      <CodeView
        content={code}
        language={language}
        extension=""
        size={code.length}
        firstLine={firstLine}
        codeBlocks
      />
    ),
    [],
  );

  const [pocketAdd, setPocketAdd] = useState<{ objectIds: string[]; subject: string } | null>(null);
  const handleAddToPocket = useCallback(
    (objectIds: string[], subject: string) => setPocketAdd({ objectIds, subject }),
    [],
  );

  const pastCommits = (commits.data?.commits ?? []).filter(
    (commit) => !commit.is_current && commit.commit_id !== repo.commit_id,
  );
  const indexed = files.indexStatus === 'indexed';

  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Repository</span>
          <Select
            value={repoId}
            onValueChange={(id) =>
              setParam({
                [REPO_PARAM]: id,
                [COMMIT_PARAM]: null,
                [OBJECT_PARAM]: null,
                [FILES_PARAM]: null,
              })
            }
          >
            <SelectTrigger data-testid="livedocs-repo-select" className="w-60 max-w-full">
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
        <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Commit</span>
          <Select
            value={atHead ? CURRENT : (commitParam ?? CURRENT)}
            onValueChange={(value) =>
              setParam({
                [REPO_PARAM]: repoId,
                [COMMIT_PARAM]: value === CURRENT ? null : value,
              })
            }
          >
            <SelectTrigger
              data-testid="livedocs-commit-select"
              className="w-72 max-w-full font-mono text-xs"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={CURRENT}>
                {repo.branch ?? 'HEAD'} · {repo.commit_id?.slice(0, 10) ?? '…'} (current)
              </SelectItem>
              {pastCommits.map((commit) => (
                <SelectItem key={commit.commit_id} value={commit.commit_id}>
                  {commit.commit_id.slice(0, 10)} · indexed{' '}
                  {new Date(commit.indexed_at).toLocaleString()}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            variant="outline"
            data-testid="livedocs-generate-selected"
            disabled={
              !atHead || !indexed || generation.busy || livedocs.selectedFileIds.length === 0
            }
            onClick={() => void generation.request(livedocs.selectedFileIds)}
            title={atHead ? undefined : 'Docs are generated at the current commit'}
          >
            Generate for selected files
            {livedocs.selectedFileIds.length > 0 && ` (${livedocs.selectedFileIds.length})`}
          </Button>
          <Button
            data-testid="livedocs-generate-all"
            disabled={!atHead || !indexed || generation.busy}
            onClick={() => void generation.request(null)}
            title={atHead ? undefined : 'Docs are generated at the current commit'}
          >
            Generate all
          </Button>
        </div>
      </div>
      {!atHead && (
        <p className="text-sm text-muted-foreground" data-testid="livedocs-past-commit">
          You are reading an earlier commit: its docs are shown against its code, read only.
          Generate and edit at the current commit.
        </p>
      )}
      {generation.refusal && (
        <GenerationRefusalAlert
          refusal={generation.refusal}
          onDismiss={generation.dismissRefusal}
        />
      )}
      {generation.progress && (
        <GenerationProgressPanel
          progress={generation.progress}
          onDismiss={generation.dismissProgress}
        />
      )}
      <GenerationConfirmDialog
        confirmation={generation.confirmation}
        onConfirm={generation.confirm}
        onCancel={generation.cancelConfirmation}
      />
      <LivedocsWorkspace
        repoId={repoId}
        commitId={commitId}
        readOnly={!atHead}
        indexTask={indexTask}
        objectId={objectId}
        generated={generated}
        onOpen={(id) => setParam({ [OBJECT_PARAM]: id })}
        onClose={() => setParam({ [OBJECT_PARAM]: null })}
        onRetryFiles={() => loadFiles(true)}
        onRetryObjects={() => loadObjects(true)}
        objectHref={objectHref}
        renderCode={renderCode}
        onAddToPocket={handleAddToPocket}
        initialStatus={statusFilterOf(params.get(STATUS_PARAM))}
      />
      <AddToPocketDialog
        open={pocketAdd !== null}
        onOpenChange={(open) => {
          if (!open) setPocketAdd(null);
        }}
        objectIds={pocketAdd?.objectIds ?? []}
        subject={pocketAdd?.subject ?? ''}
      />
    </>
  );
}
