import { useCallback, useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { GripVertical, Search, Trash2, X } from 'lucide-react';
import type { CompilationMetadata, ListedObject } from '@codedocs/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useOrderSaver } from '../hooks/use-order-saver';
import {
  filterObjects,
  groupByRepository,
  moveNextTo,
  moveWithinRepository,
  type GroupedRow,
} from '../object-order';
import { ObjectRowMenu } from './object-row-menu';
import { ObjectStatusBadge } from './object-status-badge';
import { RepositoryHeader } from './repository-header';
import { VirtualList, type FocusRequest } from './virtual-list';

const ALL = '*';
const REPO_ROW_HEIGHT = 64;
const OBJECT_ROW_HEIGHT = 52;
const MOVE_HINT_ID = 'pocket-move-hint';

/** Props of CompilationObjects. */
export interface CompilationObjectsProps {
  compilation: CompilationMetadata;
  objects: ListedObject[];
  selectedIds: string[];
  onToggle: (objectId: string) => void;
  onSelect: (objectIds: string[]) => void;
  onRemove: (objectIds: string[]) => void;
  /** A removal is under way (its buttons wait). */
  removing: boolean;
}

/**
 * The objects of one pocket, grouped by repository with each repository's details, filtered
 * by name, type and repository; selection by id (select all of what is shown), removal, and
 * reordering by drag or Alt+ArrowUp/Down on a focused row (saved with PUT order).
 */
export function CompilationObjects({
  compilation,
  objects,
  selectedIds,
  onToggle,
  onSelect,
  onRemove,
  removing,
}: CompilationObjectsProps) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState(ALL);
  const [repoId, setRepoId] = useState(ALL);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [dragging, setDragging] = useState<ListedObject | null>(null);
  const [dropTarget, setDropTarget] = useState<{ id: string; after: boolean } | null>(null);
  const { move, saveState } = useOrderSaver(compilation.compilation_id);

  const kinds = useMemo(() => [...new Set(objects.map((o) => o.kind))].sort(), [objects]);
  const repos = useMemo(() => {
    const byId = new Map<string, string>();
    for (const object of objects) byId.set(object.repo_id, object.repo_name);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [objects]);
  const filtered = useMemo(
    () =>
      filterObjects(objects, {
        name,
        kind: kind === ALL ? null : kind,
        repoId: repoId === ALL ? null : repoId,
      }),
    [objects, name, kind, repoId],
  );
  const rows = useMemo(
    () => groupByRepository(filtered, compilation.repositories, objects),
    [filtered, compilation.repositories, objects],
  );
  const filtering = name.trim() !== '' || kind !== ALL || repoId !== ALL;
  const reorderable = !filtering && objects.length > 1;

  // the first and last object of each repository cannot move further up or down
  const ends = useMemo(() => {
    const first = new Map<string, string>();
    const last = new Map<string, string>();
    for (const object of objects) {
      if (!first.has(object.repo_id)) first.set(object.repo_id, object.object_id);
      last.set(object.repo_id, object.object_id);
    }
    return { first: new Set(first.values()), last: new Set(last.values()) };
  }, [objects]);

  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const allShownSelected = filtered.length > 0 && filtered.every((o) => selected.has(o.object_id));
  const handleSelectAll = () => {
    const shownIds = new Set(filtered.map((o) => o.object_id));
    onSelect(
      allShownSelected
        ? selectedIds.filter((id) => !shownIds.has(id))
        : [...selectedIds, ...shownIds],
    );
  };

  const moveBy = useCallback(
    (objectId: string, direction: -1 | 1) => {
      const next = moveWithinRepository(objects, objectId, direction);
      if (next) move(next);
      setFocusRequest({ key: objectId, nonce: Date.now() });
    },
    [objects, move],
  );

  const handleRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, object: ListedObject) => {
    const up = event.key === 'ArrowUp';
    if (!up && event.key !== 'ArrowDown') return;
    if (event.altKey) {
      event.preventDefault();
      if (reorderable) moveBy(object.object_id, up ? -1 : 1);
      return;
    }
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    const index = filtered.findIndex((o) => o.object_id === object.object_id);
    const next = filtered[index + (up ? -1 : 1)];
    if (next) setFocusRequest({ key: next.object_id, nonce: Date.now() });
  };

  const dropPosition = (event: DragEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY > box.top + box.height / 2;
  };
  const handleDragOver = (event: DragEvent<HTMLDivElement>, object: ListedObject) => {
    if (!dragging || dragging.repo_id !== object.repo_id) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const after = dropPosition(event);
    if (dropTarget?.id !== object.object_id || dropTarget.after !== after) {
      setDropTarget({ id: object.object_id, after });
    }
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>, object: ListedObject) => {
    event.preventDefault();
    if (dragging) {
      const next = moveNextTo(objects, dragging.object_id, object.object_id, dropPosition(event));
      if (next) move(next);
    }
    setDragging(null);
    setDropTarget(null);
  };

  const renderRow = (row: GroupedRow) => {
    if (row.type === 'repo') return <RepositoryHeader row={row} />;
    const { object } = row;
    const id = object.object_id;
    const target = dropTarget?.id === id ? dropTarget : null;
    return (
      <div
        data-row-key={id}
        data-testid="pocket-object"
        data-object-name={object.qualified_name}
        tabIndex={0}
        aria-label={`${object.qualified_name}, ${object.kind}, ${object.status === 'removed' ? 'removed from the code' : object.status}`}
        aria-describedby={reorderable ? MOVE_HINT_ID : undefined}
        draggable={reorderable}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', id);
          setDragging(object);
        }}
        onDragEnd={() => {
          setDragging(null);
          setDropTarget(null);
        }}
        onDragOver={(event) => handleDragOver(event, object)}
        onDragLeave={() => setDropTarget((current) => (current?.id === id ? null : current))}
        onDrop={(event) => handleDrop(event, object)}
        onKeyDown={(event) => handleRowKeyDown(event, object)}
        className={cn(
          'flex h-full items-center gap-2 border-b border-border/60 px-2 outline-none hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
          selected.has(id) && 'bg-primary/5',
          dragging?.object_id === id && 'opacity-50',
          target &&
            (target.after
              ? 'shadow-[inset_0_-2px_0_var(--color-primary)]'
              : 'shadow-[inset_0_2px_0_var(--color-primary)]'),
        )}
      >
        <GripVertical
          aria-hidden="true"
          className={cn(
            'hidden size-4 shrink-0 text-muted-foreground sm:block',
            reorderable ? 'cursor-grab' : 'opacity-30',
          )}
        />
        <input
          type="checkbox"
          aria-label={`Select ${object.qualified_name}`}
          checked={selected.has(id)}
          onChange={() => onToggle(id)}
          data-testid="pocket-object-check"
          className="size-4 shrink-0 accent-primary"
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-mono text-xs" title={object.qualified_name}>
            {object.qualified_name}
          </span>
          <span className="truncate text-xs text-muted-foreground" title={object.file_path}>
            {object.kind} · {object.file_path}:{object.line_start}
          </span>
        </div>
        <ObjectStatusBadge status={object.status} testId="pocket-object-status" />
        <ObjectRowMenu
          name={object.qualified_name}
          reorderable={reorderable}
          first={ends.first.has(id)}
          last={ends.last.has(id)}
          onMove={(direction) => moveBy(id, direction)}
        />
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={`Remove ${object.qualified_name}`}
          title="Remove from the pocket"
          disabled={removing}
          onClick={() => onRemove([id])}
          data-testid="pocket-object-remove"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    );
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <div className="relative w-full sm:w-56">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Filter objects by name"
            placeholder="Filter by name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-testid="pocket-object-filter"
            className="pl-8"
          />
        </div>
        <Select value={kind} onValueChange={setKind}>
          <SelectTrigger
            aria-label="Type"
            data-testid="pocket-kind-filter"
            className="min-w-0 flex-1 sm:w-36 sm:flex-none"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All types</SelectItem>
            {kinds.map((k) => (
              <SelectItem key={k} value={k}>
                {k}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={repoId} onValueChange={setRepoId}>
          <SelectTrigger
            aria-label="Repository"
            data-testid="pocket-repo-filter"
            className="min-w-0 flex-1 sm:w-44 sm:flex-none"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All repositories</SelectItem>
            {repos.map(([id, repoName]) => (
              <SelectItem key={id} value={id}>
                {repoName}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
        <label className="flex items-center gap-2 px-1">
          <input
            type="checkbox"
            data-testid="pocket-select-all"
            checked={allShownSelected}
            onChange={handleSelectAll}
            disabled={filtered.length === 0}
            className="size-4 accent-primary"
          />
          Select all ({filtered.length})
        </label>
        <span data-testid="pocket-selected-count">{selectedIds.length} selected</span>
        <Button
          variant="outline"
          size="sm"
          disabled={selectedIds.length === 0 || removing}
          onClick={() => onRemove(selectedIds)}
          data-testid="pocket-remove-selected"
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Remove selected
        </Button>
        <span id={MOVE_HINT_ID} className="sm:ml-auto" data-testid="pocket-order-hint">
          {filtering
            ? 'Clear the filters to reorder.'
            : 'Drag a row, use its ⋮ menu, or Alt+↑/↓ on a focused row, to reorder.'}
        </span>
        <span aria-live="polite" data-testid="pocket-order-status">
          {saveState === 'saving' && 'Saving order…'}
          {saveState === 'saved' && 'Order saved'}
          {saveState === 'failed' && 'Order not saved'}
        </span>
      </div>
      <VirtualList
        items={rows}
        getKey={(row) => row.key}
        rowHeight={(row) => (row.type === 'repo' ? REPO_ROW_HEIGHT : OBJECT_ROW_HEIGHT)}
        renderRow={renderRow}
        label={`Objects of ${compilation.name}`}
        testId="pocket-objects"
        className="min-h-64 flex-1"
        empty="No object matches the filters."
        focusRequest={focusRequest}
      />
    </div>
  );
}
