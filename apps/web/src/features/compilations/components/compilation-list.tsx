import { useMemo, useState, type KeyboardEvent } from 'react';
import { FolderPlus, Layers, Plus, Search, Trash2 } from 'lucide-react';
import type { CompilationMetadata } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { LoadError } from '@/components/load-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { toast } from '@/hooks/use-toast';
import {
  compilationToggled,
  compilationsSelected,
  deleteCompilation,
  type CompilationsState,
} from '../store/compilations-slice';

/** Props of CompilationList. */
export interface CompilationListProps {
  state: CompilationsState;
  selectedId: string | null;
  onSelect: (compilationId: string) => void;
  onCreate: () => void;
  onRetry: () => void;
  className?: string;
}

/**
 * The pockets with the name filter: each shows its object count and how many repositories
 * its objects come from. Arrow keys move between pockets, Enter opens one.
 */
export function CompilationList({
  state,
  selectedId,
  onSelect,
  onCreate,
  onRetry,
  className,
}: CompilationListProps) {
  const dispatch = useAppDispatch();
  const [filter, setFilter] = useState('');
  const [confirming, setConfirming] = useState(false);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? state.items.filter((item) => item.name.toLowerCase().includes(needle))
      : state.items;
  }, [state.items, filter]);

  const selected = useMemo(
    () => new Set(state.selectedCompilationIds),
    [state.selectedCompilationIds],
  );
  const allShownSelected =
    shown.length > 0 && shown.every((item) => selected.has(item.compilation_id));
  const handleSelectAll = () => {
    const shownIds = new Set(shown.map((item) => item.compilation_id));
    dispatch(
      compilationsSelected(
        allShownSelected
          ? state.selectedCompilationIds.filter((id) => !shownIds.has(id))
          : [...state.selectedCompilationIds, ...shownIds],
      ),
    );
  };
  const handleDeleteSelected = async () => {
    const ids = [...state.selectedCompilationIds];
    let failure: string | null = null;
    for (const id of ids) {
      const result = await dispatch(deleteCompilation(id));
      if (deleteCompilation.rejected.match(result)) failure ??= result.payload ?? 'Not deleted';
    }
    toast(
      failure
        ? { variant: 'destructive', title: 'Some pockets were not deleted', description: failure }
        : { title: `Deleted ${ids.length} ${ids.length === 1 ? 'pocket' : 'pockets'}` },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const buttons = [
      ...(event.currentTarget
        .closest('ul')
        ?.querySelectorAll<HTMLButtonElement>('[data-pocket-button]') ?? []),
    ];
    const index = buttons.indexOf(event.currentTarget);
    buttons[index + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
  };

  const loading = state.status !== 'failed' && state.status !== 'succeeded';
  return (
    <section aria-label="Pockets" className={cn('flex min-h-0 min-w-0 flex-col gap-3', className)}>
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Filter pockets by name"
            placeholder="Filter pockets"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            data-testid="pocket-filter"
            className="pl-8"
          />
        </div>
        <Button onClick={onCreate} data-testid="pocket-create">
          <Plus aria-hidden="true" />
          New pocket
        </Button>
      </div>
      {state.status === 'failed' && (
        <LoadError message={state.error ?? ''} onRetry={onRetry} data-testid="pockets-error" />
      )}
      {loading && state.items.length === 0 && (
        <div className="flex flex-col gap-2" aria-busy="true" data-testid="pockets-loading">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </div>
      )}
      {state.status === 'succeeded' && state.items.length === 0 && (
        <div
          data-testid="pockets-empty"
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-8 text-center"
        >
          <Layers aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No pockets yet</p>
          <p className="text-sm text-muted-foreground">
            A pocket gathers functions, classes and types from any of your repositories, in the
            order you choose. It is what documentation sites are built from.
          </p>
          <Button variant="outline" onClick={onCreate}>
            <FolderPlus aria-hidden="true" />
            Create your first pocket
          </Button>
        </div>
      )}
      {state.items.length > 0 && shown.length === 0 && (
        <p
          data-testid="pockets-no-match"
          className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground"
        >
          No pocket matches “{filter.trim()}”.
        </p>
      )}
      {shown.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 px-1 text-xs text-muted-foreground">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={allShownSelected}
              onChange={handleSelectAll}
              data-testid="pocket-select-all-pockets"
              className="size-4 accent-primary"
            />
            Select all ({shown.length})
          </label>
          {state.selectedCompilationIds.length > 0 && (
            <Button
              variant="outline"
              size="sm"
              className="ml-auto h-7 text-destructive hover:text-destructive"
              onClick={() => setConfirming(true)}
              data-testid="pocket-delete-selected"
            >
              <Trash2 aria-hidden="true" />
              Delete {state.selectedCompilationIds.length} selected
            </Button>
          )}
        </div>
      )}
      {shown.length > 0 && (
        <ul className="flex min-h-0 flex-col gap-1.5 overflow-auto" data-testid="pocket-list">
          {shown.map((item) => (
            <li key={item.compilation_id} className="flex items-center gap-2">
              <input
                type="checkbox"
                aria-label={`Select ${item.name}`}
                checked={selected.has(item.compilation_id)}
                onChange={() => dispatch(compilationToggled(item.compilation_id))}
                data-testid="pocket-row-check"
                className="size-4 shrink-0 accent-primary"
              />
              <PocketButton
                item={item}
                selected={item.compilation_id === selectedId}
                onSelect={onSelect}
                onKeyDown={handleKeyDown}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        data-testid="delete-pockets-dialog"
        title={`Delete ${state.selectedCompilationIds.length} ${state.selectedCompilationIds.length === 1 ? 'pocket' : 'pockets'}?`}
        description={`${state.items
          .filter((item) => selected.has(item.compilation_id))
          .map((item) => `“${item.name}”`)
          .join(
            ', ',
          )} will be deleted. The objects and their documentation stay in their repositories. It cannot be undone.`}
        action="Delete pockets"
        confirmTestId="delete-pockets-confirm"
        onConfirm={() => void handleDeleteSelected()}
      />
    </section>
  );
}

function PocketButton({
  item,
  selected,
  onSelect,
  onKeyDown,
}: {
  item: CompilationMetadata;
  selected: boolean;
  onSelect: (compilationId: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const repos = item.repositories.length;
  return (
    <button
      type="button"
      data-pocket-button
      data-testid="pocket-row"
      data-pocket-name={item.name}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(item.compilation_id)}
      onKeyDown={onKeyDown}
      className={cn(
        'flex w-full min-w-0 flex-1 flex-col gap-0.5 rounded-md border px-3 py-2 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
        selected ? 'border-primary bg-primary/5' : 'border-border bg-card',
      )}
    >
      <span className="truncate text-sm font-medium" title={item.name}>
        {item.name}
      </span>
      <span className="text-xs text-muted-foreground" data-testid="pocket-row-counts">
        {item.object_count} {item.object_count === 1 ? 'object' : 'objects'} · {repos}{' '}
        {repos === 1 ? 'repository' : 'repositories'}
      </span>
    </button>
  );
}
