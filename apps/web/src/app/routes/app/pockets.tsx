import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MousePointerClick } from 'lucide-react';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import type { PickerRepository } from '@/features/compilations/components/add-objects-dialog';
import { CompilationDetail } from '@/features/compilations/components/compilation-detail';
import { CompilationList } from '@/features/compilations/components/compilation-list';
import { CompilationNameDialog } from '@/features/compilations/components/compilation-name-dialog';
import {
  createCompilation,
  fetchCompilations,
  selectCompilationsState,
} from '@/features/compilations/store/compilations-slice';
import { fetchRepos, selectReposState } from '@/features/repos/store/repos-slice';
import { cn } from '@/lib/cn';
import { useAppDispatch, useAppSelector } from '../../hooks';

const POCKET_PARAM = 'pocket';

/**
 * `/app/pockets`: the user's compilations ("pockets") with the name filter, create / rename /
 * delete, and the open pocket's objects grouped by repository (filter, remove, reorder, add
 * from every repository). The open pocket is in the URL (`?pocket=`); under the lg breakpoint
 * the list and the open pocket take turns, and Back returns to the list.
 */
export function PocketsScreen() {
  const dispatch = useAppDispatch();
  const compilations = useAppSelector(selectCompilationsState);
  const repos = useAppSelector(selectReposState);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const pocketId = params.get(POCKET_PARAM);
  const open = compilations.items.find((item) => item.compilation_id === pocketId) ?? null;

  // Counts change when objects are added elsewhere (Live docs) or a repository is deleted.
  useEffect(() => {
    void dispatch(fetchCompilations());
  }, [dispatch]);
  useEffect(() => {
    if (repos.status === 'idle') void dispatch(fetchRepos());
  }, [dispatch, repos.status]);

  const setPocket = useCallback(
    (id: string | null, replace = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id) next.set(POCKET_PARAM, id);
          else next.delete(POCKET_PARAM);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  // A pocket that is no longer in the complete list (deleted elsewhere) closes.
  useEffect(() => {
    if (pocketId && !open && compilations.status === 'succeeded') setPocket(null, true);
  }, [pocketId, open, compilations.status, setPocket]);

  const pickerRepos = useMemo<PickerRepository[]>(
    () =>
      repos.items.map((repo) => ({
        repo_id: repo.repo_id,
        name: repo.name,
        languages: repo.languages ?? [],
      })),
    [repos.items],
  );

  const handleCreate = async (name: string) => {
    const result = await dispatch(createCompilation(name));
    if (createCompilation.rejected.match(result)) return result.payload ?? 'Not created';
    setCreating(false);
    setPocket(result.payload.compilation_id);
    return null;
  };

  return (
    <Screen info={SCREENS.pockets} className="flex min-w-0 flex-col gap-4">
      <p className="text-muted-foreground">{SCREENS.pockets.description}</p>
      <div className="grid min-h-0 gap-4 lg:h-[calc(100dvh-14rem)] lg:min-h-[32rem] lg:grid-cols-[20rem_minmax(0,1fr)]">
        <CompilationList
          state={compilations}
          selectedId={open?.compilation_id ?? null}
          onSelect={(id) => setPocket(id)}
          onCreate={() => setCreating(true)}
          onRetry={() => void dispatch(fetchCompilations())}
          className={cn(open && 'hidden lg:flex')}
        />
        {open ? (
          <CompilationDetail
            key={open.compilation_id}
            compilation={open}
            repositories={pickerRepos}
            onBack={() => setPocket(null)}
            onDeleted={() => setPocket(null, true)}
          />
        ) : (
          compilations.items.length > 0 && (
            <div className="hidden min-h-40 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground lg:flex">
              <MousePointerClick aria-hidden="true" className="size-8" />
              Open a pocket to see and arrange its objects.
            </div>
          )
        )}
      </div>
      <CompilationNameDialog
        open={creating}
        onOpenChange={setCreating}
        title="New pocket"
        description="Name the pocket; you add objects to it next. Names are unique among your pockets."
        submitLabel="Create pocket"
        onSubmit={handleCreate}
      />
    </Screen>
  );
}
