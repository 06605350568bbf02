import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
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
import { LivedocsWorkspace } from '@/features/livedocs/components/livedocs-workspace';
import { TaskProgress } from '@/features/livedocs/components/task-progress';
import { useGeneration } from '@/features/livedocs/hooks/use-generation';
import {
  fetchLivedocsFiles,
  fetchLivedocsObjects,
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
const CURRENT = 'current';
/** Wait after the last file (de)selection before loading the objects of the selection. */
export const SELECTION_DEBOUNCE_MS = 200;

type SetParam = (changes: Record<string, string | null>) => void;

/**
 * `/app/livedocs`: pick a repository and an indexed commit, select files, generate their docs
 * (with live progress), and open an object to read and edit its doc fields. Repository, commit
 * and open object live in the URL (`?repo=&commit=&object=`), so a link opens the same object.
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
    (changes) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      }),
    [setParams],
  );

  const commitParam = params.get(COMMIT_PARAM);
  return (
    <Screen info={SCREENS.livedocs} className="flex min-w-0 flex-col gap-4">
      <p className="text-muted-foreground">{SCREENS.livedocs.description}</p>
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
  const progress = generation.progress;
  const indexed = files.indexStatus === 'indexed';

  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Repository</span>
          <Select
            value={repoId}
            onValueChange={(id) =>
              setParam({ [REPO_PARAM]: id, [COMMIT_PARAM]: null, [OBJECT_PARAM]: null })
            }
          >
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
            value={atHead ? CURRENT : (commitParam ?? CURRENT)}
            onValueChange={(value) =>
              setParam({
                [REPO_PARAM]: repoId,
                [COMMIT_PARAM]: value === CURRENT ? null : value,
              })
            }
          >
            <SelectTrigger data-testid="livedocs-commit-select" className="w-72 font-mono text-xs">
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
            onClick={() => void generation.generate(livedocs.selectedFileIds)}
            title={atHead ? undefined : 'Docs are generated at the current commit'}
          >
            Generate for selected files
            {livedocs.selectedFileIds.length > 0 && ` (${livedocs.selectedFileIds.length})`}
          </Button>
          <Button
            data-testid="livedocs-generate-all"
            disabled={!atHead || !indexed || generation.busy}
            onClick={() => void generation.generate(null)}
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
      {progress && (
        <TaskProgress
          testId="livedocs-progress"
          label={progress.status === 'failed' ? 'Generation failed' : 'Generating docs'}
          done={progress.done}
          total={progress.total}
          message={progress.message}
        />
      )}
      <LivedocsWorkspace
        repoId={repoId}
        commitId={commitId}
        readOnly={!atHead}
        indexTask={indexTask}
        objectId={objectId}
        generated={generated}
        onOpen={(id) => setParam({ [OBJECT_PARAM]: id })}
        onRetryFiles={() => loadFiles(true)}
        onRetryObjects={() => loadObjects(true)}
        objectHref={objectHref}
        renderCode={renderCode}
        onAddToPocket={handleAddToPocket}
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
