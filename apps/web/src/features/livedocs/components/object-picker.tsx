import { useMemo, useState } from 'react';
import type { LivedocsObjectSummary, ObjectStatus } from '@codedocs/contract';
import { FolderPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { PathName } from './path-name';
import { StatusBadge } from './status-badge';
import { VirtualRows } from './virtual-rows';
import { STATUS_LABEL } from '@/lib/doc-status';

const ALL = '*';

/**
 * The objects of the selected files, filtered by kind (type) and name, with their status
 * badges. A row's name opens the object (Enter or click); its checkbox selects it by id.
 */
export function ObjectPicker({
  objects,
  loading,
  openId,
  selectedIds,
  onOpen,
  onToggle,
  onSelect,
  onAddToPocket,
  initialStatus,
}: {
  objects: LivedocsObjectSummary[];
  /** The list is being fetched and has nothing to show yet. */
  loading: boolean;
  openId: string | null;
  selectedIds: string[];
  onOpen: (object: LivedocsObjectSummary) => void;
  onToggle: (objectId: string) => void;
  onSelect: (objectIds: string[]) => void;
  /** Offers "Add to pocket" for the selected objects. */
  onAddToPocket?: (objectIds: string[]) => void;
  /** The status filter to start with (all by default). */
  initialStatus?: ObjectStatus;
}) {
  const [kind, setKind] = useState(ALL);
  const [status, setStatus] = useState<ObjectStatus | typeof ALL>(initialStatus ?? ALL);
  const [name, setName] = useState('');
  const kinds = useMemo(() => [...new Set(objects.map((o) => o.kind))].sort(), [objects]);
  const shown = useMemo(() => {
    const needle = name.trim().toLowerCase();
    return objects.filter(
      (o) =>
        (kind === ALL || o.kind === kind) &&
        (status === ALL || o.status === status) &&
        (!needle || o.qualified_name.toLowerCase().includes(needle)),
    );
  }, [objects, kind, status, name]);
  const counts = useMemo(() => {
    const c = { documented: 0, generated: 0, stale: 0, undocumented: 0 };
    for (const o of objects) c[o.status]++;
    return c;
  }, [objects]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const allShownSelected = shown.length > 0 && shown.every((o) => selected.has(o.object_id));

  const handleSelectAll = () => {
    const shownIds = new Set(shown.map((o) => o.object_id));
    onSelect(
      allShownSelected
        ? selectedIds.filter((id) => !shownIds.has(id))
        : [...selectedIds, ...shownIds],
    );
  };

  return (
    <section aria-label="Objects" className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-end gap-2">
        <label className="flex shrink-0 flex-col gap-1 text-xs text-muted-foreground">
          Object kind
          <Select value={kind} onValueChange={setKind}>
            <SelectTrigger
              data-testid="livedocs-kind-filter"
              aria-label="Object kind"
              className="w-36"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All kinds</SelectItem>
              {kinds.map((k) => (
                <SelectItem key={k} value={k}>
                  {k}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <Input
          aria-label="Filter objects by name"
          placeholder="Filter objects"
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid="livedocs-name-filter"
        />
      </div>
      <div
        role="group"
        aria-label="Filter by status"
        className="flex flex-wrap gap-1 text-xs"
        data-testid="livedocs-object-counts"
      >
        {(
          [
            [ALL, `All ${objects.length}`],
            ['documented', `${counts.documented} ${STATUS_LABEL.documented}`],
            ['generated', `${counts.generated} ${STATUS_LABEL.generated}`],
            ['stale', `${counts.stale} ${STATUS_LABEL.stale}`],
            ['undocumented', `${counts.undocumented} ${STATUS_LABEL.undocumented}`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            data-testid={`livedocs-status-filter-${value === ALL ? 'all' : value}`}
            className={cn(
              'rounded-full border px-2 py-0.5 outline-none focus-visible:ring-2 focus-visible:ring-ring',
              status === value
                ? 'border-primary bg-primary/10 text-foreground'
                : 'border-border text-muted-foreground hover:text-foreground',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2 px-1 text-xs text-muted-foreground">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            data-testid="livedocs-select-all-objects"
            checked={allShownSelected}
            onChange={handleSelectAll}
            disabled={shown.length === 0}
            className="size-4 accent-primary"
          />
          Select all ({shown.length}) · {selectedIds.length} selected
        </label>
        {onAddToPocket && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="ml-auto h-7"
            disabled={selectedIds.length === 0}
            onClick={() => onAddToPocket(selectedIds)}
            data-testid="livedocs-add-selected-to-pocket"
          >
            <FolderPlus aria-hidden="true" />
            Add to pocket
          </Button>
        )}
      </div>
      {loading ? (
        <div className="flex flex-col gap-1.5 rounded-md border border-border p-2" aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-7 w-full" />
          ))}
        </div>
      ) : (
        <VirtualRows
          items={shown}
          rowHeight={36}
          label="Code objects"
          testId="livedocs-object-list"
          className="min-h-40 flex-1 max-lg:max-h-[60dvh]"
          empty={
            objects.length === 0
              ? 'These files hold no functions, classes or types.'
              : 'No object matches the filters.'
          }
          renderRow={(object) => (
            <div
              className={cn(
                'flex h-full items-center gap-2 border-b border-border/60 pl-2 hover:bg-accent',
                object.object_id === openId && 'bg-accent',
              )}
            >
              <input
                type="checkbox"
                aria-label={`Select ${object.qualified_name}`}
                checked={selected.has(object.object_id)}
                onChange={() => onToggle(object.object_id)}
                data-testid={`livedocs-object-check-${object.qualified_name}`}
                className="size-4 shrink-0 accent-primary"
              />
              <button
                type="button"
                data-testid={`livedocs-object-${object.qualified_name}`}
                aria-current={object.object_id === openId ? 'true' : undefined}
                onClick={() => onOpen(object)}
                className="flex h-full min-w-0 flex-1 items-center gap-2 pr-2 text-left text-sm outline-none focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <PathName path={object.qualified_name} separator="." />
                <span
                  className="hidden max-w-20 shrink-0 truncate text-xs text-muted-foreground @md:inline"
                  title={object.kind}
                >
                  {object.kind}
                </span>
                <StatusBadge
                  status={object.status}
                  testId={`livedocs-object-status-${object.qualified_name}`}
                />
              </button>
            </div>
          )}
        />
      )}
    </section>
  );
}
