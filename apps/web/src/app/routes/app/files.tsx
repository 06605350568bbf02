import { useCallback, useEffect, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderGit2, Search } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Screen } from '@/components/screen';
import { TextLink } from '@/components/text-link';
import { Input } from '@/components/ui/input';
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
import { CodeBlockToggle } from '@/features/files/components/code-block-toggle';
import { ExtensionSelect } from '@/features/files/components/extension-select';
import { FileList } from '@/features/files/components/file-list';
import { FileViewer } from '@/features/files/components/file-viewer';
import { useCodeBlocks } from '@/features/files/hooks/use-code-blocks';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useFilesList } from '@/features/files/hooks/use-files-list';
import {
  fetchFileContent,
  fileClosed,
  selectOpenFile,
  type FileEntry,
  type FilesQuery,
} from '@/features/files/store/files-slice';
import { getBranches } from '@/features/repos/api/repo-calls';
import type { Repo } from '@/features/repos/api/get-repos';
import {
  checkoutRepoBranch,
  fetchRepos,
  selectReposState,
} from '@/features/repos/store/repos-slice';
import { toast } from '@/hooks/use-toast';
import { useAppDispatch, useAppSelector } from '../../hooks';

/** Wait after the last keystroke of the name filter before asking the server. */
export const FILTER_DEBOUNCE_MS = 250;

// One empty list, so memos over the rows do not see a new array on every render.
const NO_FILES: FileEntry[] = [];

const REPO_PARAM = 'repo';
const BRANCH_PARAM = 'branch';
const FILE_PARAM = 'file';

/**
 * `/app/files`: pick a repository and branch, filter its files by name and extension, scroll a
 * virtualised list of up to 100,000 files and read one in the viewer. Repo, branch and file
 * live in the URL (`?repo=&branch=&file=`) so a link opens the same view.
 */
export function FilesScreen() {
  const dispatch = useAppDispatch();
  const repos = useAppSelector(selectReposState);
  const [params, setParams] = useSearchParams();
  const repoParam = params.get(REPO_PARAM);
  const fileParam = params.get(FILE_PARAM);
  const repo = repos.items.find((item) => item.repo_id === repoParam) ?? repos.items[0] ?? null;

  useEffect(() => {
    if (repos.status === 'idle') void dispatch(fetchRepos());
  }, [dispatch, repos.status]);

  const setParam = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  // The URL names the repo shown (and its branch) even when it was picked by default.
  useEffect(() => {
    if (!repo) return;
    const changes: Record<string, string | null> = {};
    // A `?repo=` not in the list is replaced only once the list is known to be complete.
    if (repoParam !== repo.repo_id && (repoParam === null || repos.status === 'succeeded'))
      changes[REPO_PARAM] = repo.repo_id;
    if (repo.branch && repo.status !== 'syncing' && params.get(BRANCH_PARAM) !== repo.branch)
      changes[BRANCH_PARAM] = repo.branch;
    if (Object.keys(changes).length > 0) setParam(changes, true);
  }, [repo, repoParam, repos.status, params, setParam]);

  const handleRepoChange = (repoId: string) =>
    setParam({ [REPO_PARAM]: repoId, [BRANCH_PARAM]: null, [FILE_PARAM]: null });

  return (
    <Screen info={SCREENS.files} className="flex min-w-0 flex-col gap-4">
      <p className="text-muted-foreground">{SCREENS.files.description}</p>
      {repos.status === 'failed' && repos.items.length === 0 && (
        <LoadError
          message={repos.error ?? ''}
          onRetry={() => void dispatch(fetchRepos())}
          data-testid="files-repos-error"
        />
      )}
      {repos.status !== 'failed' && repos.status !== 'succeeded' && repos.items.length === 0 && (
        <Skeleton className="h-9 w-full max-w-md" />
      )}
      {repos.status === 'succeeded' && repos.items.length === 0 && <NoRepositories />}
      {repo && (
        <RepoFiles
          key={repo.repo_id}
          repo={repo}
          repos={repos.items}
          fileId={fileParam}
          onRepoChange={handleRepoChange}
          setParam={setParam}
        />
      )}
    </Screen>
  );
}

function NoRepositories() {
  return (
    <div
      data-testid="files-no-repos"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center"
    >
      <FolderGit2 aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">No repositories yet</p>
      <p className="text-sm text-muted-foreground">
        Connect a repository to browse its files.{' '}
        <TextLink to={paths.app.repository}>Go to Repositories</TextLink>
      </p>
    </div>
  );
}

interface RepoFilesProps {
  repo: Repo;
  repos: Repo[];
  fileId: string | null;
  onRepoChange: (repoId: string) => void;
  setParam: (changes: Record<string, string | null>, replace?: boolean) => void;
}

/** The pickers, filters, list and viewer of one repository (remounted per repo). */
function RepoFiles({ repo, repos, fileId, onRepoChange, setParam }: RepoFilesProps) {
  const dispatch = useAppDispatch();
  const openFile = useAppSelector(selectOpenFile);
  const [codeBlocks] = useCodeBlocks();
  const [filter, setFilter] = useState('');
  const q = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const [extension, setExtension] = useState<string | undefined>(undefined);
  const repoId = repo.repo_id;
  const commitId = repo.commit_id ?? undefined;

  const query = useMemo<FilesQuery>(
    () => ({ repoId, commitId, q: q || undefined, extension }),
    [repoId, commitId, q, extension],
  );
  // While a branch switch runs the list stays at the old commit; the new commit reloads it.
  const { state, current, setVisibleEnd, reload } = useFilesList(query);
  const files = current ? state.items : NO_FILES;
  const total = current ? state.total : 0;

  const loadContent = useCallback(() => {
    if (fileId) void dispatch(fetchFileContent({ repoId, fileId, commitId }));
  }, [dispatch, repoId, fileId, commitId]);

  useEffect(() => {
    if (fileId) loadContent();
    else dispatch(fileClosed());
  }, [dispatch, fileId, loadContent]);

  const openPath = useMemo(
    () => (fileId ? (files.find((file) => file.file_id === fileId)?.file_path ?? null) : null),
    [files, fileId],
  );

  const handleOpen = useCallback(
    (file: FileEntry) => setParam({ [FILE_PARAM]: file.file_id }, true),
    [setParam],
  );

  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <Picker label="Repository">
          <Select value={repoId} onValueChange={onRepoChange}>
            <SelectTrigger
              data-testid="files-repo-select"
              aria-label="Repository"
              className="sm:w-56"
            >
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
        </Picker>
        <BranchPicker repo={repo} onBranchChosen={(name) => setParam({ [BRANCH_PARAM]: name })} />
        <Picker label="Name">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Filter files by name"
              placeholder="Filter by path…"
              data-testid="files-filter"
              value={filter}
              onChange={(event: ChangeEvent<HTMLInputElement>) => setFilter(event.target.value)}
              className="pl-8 sm:w-64"
            />
          </div>
        </Picker>
        <Picker label="Extension">
          <ExtensionSelect
            value={extension}
            extensions={state.extensionsRepoId === repoId ? state.extensions : []}
            onChange={setExtension}
          />
        </Picker>
        <div className="flex items-center gap-4 pb-2 sm:ml-auto">
          <p
            data-testid="files-total"
            className="text-sm text-muted-foreground tabular-nums"
            aria-live="polite"
          >
            {current &&
            state.status !== 'failed' &&
            !(state.status === 'loading' && files.length === 0)
              ? `${total.toLocaleString()} ${total === 1 ? 'file' : 'files'}`
              : '—'}
          </p>
          <CodeBlockToggle />
        </div>
      </div>
      {/* halves from lg, so file names fit beside the viewer; the viewer gets more room at 2xl */}
      <div className="grid min-h-0 grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] 2xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col">
          {state.status === 'failed' && current ? (
            <LoadError message={state.error ?? ''} onRetry={reload} data-testid="files-error" />
          ) : !current || (state.status === 'loading' && files.length === 0) ? (
            <ListSkeleton />
          ) : total === 0 ? (
            <ListMessage testId="files-empty">No files match the filters.</ListMessage>
          ) : (
            <FileList
              key={state.queryKey}
              files={files}
              total={total}
              openFileId={fileId}
              onOpen={handleOpen}
              onVisibleEnd={setVisibleEnd}
              className="h-[24rem] lg:h-[calc(100dvh-17rem)] lg:min-h-[24rem]"
            />
          )}
        </div>
        <FileViewer
          openFile={openFile}
          path={openPath}
          codeBlocks={codeBlocks}
          onRetry={loadContent}
          className="h-[32rem] lg:h-[calc(100dvh-17rem)] lg:min-h-[24rem]"
        />
      </div>
    </>
  );
}

function Picker({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-auto">
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      {children}
    </div>
  );
}

function ListMessage({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div
      data-testid={testId}
      className="flex h-[24rem] items-center justify-center gap-2 rounded-md border border-dashed border-border p-6 text-sm text-muted-foreground lg:h-[calc(100dvh-17rem)] lg:min-h-[24rem]"
    >
      {children}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div
      data-testid="files-loading"
      className="flex h-[24rem] flex-col gap-3 rounded-md border border-border p-3 lg:h-[calc(100dvh-17rem)] lg:min-h-[24rem]"
    >
      {Array.from({ length: 10 }, (_, index) => (
        <Skeleton key={index} className="h-4" />
      ))}
    </div>
  );
}

/**
 * The branch switcher: lists `GET /api/v0/repo/{id}/branches`; choosing another branch checks it
 * out (the repo shows as syncing) and the list reloads at the new commit.
 */
function BranchPicker({
  repo,
  onBranchChosen,
}: {
  repo: Repo;
  onBranchChosen: (name: string) => void;
}) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const branchesKey = ['repo-branches', repo.repo_id];
  const branches = useQuery({
    queryKey: branchesKey,
    queryFn: ({ signal }) => getBranches(repo.repo_id, signal),
  });
  const syncing = repo.status === 'syncing';
  const names = branches.data?.branches.map((branch) => branch.name) ?? [];
  if (repo.branch && !names.includes(repo.branch)) names.unshift(repo.branch);

  const handleChange = async (branchName: string) => {
    if (branchName === repo.branch) return;
    onBranchChosen(branchName);
    const result = await dispatch(checkoutRepoBranch({ repoId: repo.repo_id, branchName }));
    void queryClient.invalidateQueries({ queryKey: branchesKey });
    if (checkoutRepoBranch.rejected.match(result))
      toast({
        variant: 'destructive',
        title: 'Branch not switched',
        description: result.payload?.message ?? result.error.message,
      });
  };

  return (
    <Picker label="Branch">
      <div className="flex items-center gap-2">
        <Select
          value={repo.branch ?? undefined}
          onValueChange={(name) => void handleChange(name)}
          disabled={syncing || names.length === 0}
        >
          <SelectTrigger data-testid="files-branch-select" aria-label="Branch" className="sm:w-44">
            <SelectValue placeholder={branches.isPending ? 'Loading…' : 'No branch'} />
          </SelectTrigger>
          <SelectContent>
            {names.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {syncing && (
          <span
            role="status"
            data-testid="files-repo-syncing"
            className="flex items-center gap-1 text-xs text-muted-foreground"
          >
            <Spinner className="size-4" /> Syncing…
          </span>
        )}
      </div>
    </Picker>
  );
}
