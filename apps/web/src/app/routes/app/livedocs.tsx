import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FolderGit2 } from 'lucide-react';
import { NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND } from '@codedocs/contract';
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
import { CodeView } from '@/features/files/components/code-view';
import { generateLivedocs, getLivedocsCommits } from '@/features/livedocs/api/livedocs-calls';
import { LivedocsWorkspace } from '@/features/livedocs/components/livedocs-workspace';
import { TaskProgress } from '@/features/livedocs/components/task-progress';
import {
  fetchLivedocsFiles,
  fetchLivedocsObjects,
  filesSelected,
  fileToggled,
  livedocsReset,
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

  const renderCode = useCallback(
    (code: string, language: string, filePath: string) => (
      <CodeView
        content={code}
        language={language}
        extension={filePath.split('.').pop() ?? ''}
        size={code.length}
        codeBlocks
      />
    ),
    [],
  );

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
      <LivedocsWorkspace
        renderCode={renderCode}
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
