import { useMemo, useState } from 'react';
import type { LivedocsObjectSummary } from '@codedocs/contract';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { StatusBadge } from './status-badge';
import { VirtualRows } from './virtual-rows';

const ALL = '*';

/** The objects of the selected files, filtered by kind and name, with their status badges. */
export function ObjectPicker({
  objects,
  openId,
  onOpen,
}: {
  objects: LivedocsObjectSummary[];
  openId: string | null;
  onOpen: (object: LivedocsObjectSummary) => void;
}) {
  const [kind, setKind] = useState(ALL);
  const [name, setName] = useState('');
  const kinds = useMemo(() => [...new Set(objects.map((o) => o.kind))].sort(), [objects]);
  const shown = useMemo(() => {
    const needle = name.trim().toLowerCase();
    return objects.filter(
      (o) =>
        (kind === ALL || o.kind === kind) &&
        (!needle || o.qualified_name.toLowerCase().includes(needle)),
    );
  }, [objects, kind, name]);
  const counts = useMemo(() => {
    const c = { documented: 0, stale: 0, undocumented: 0 };
    for (const o of objects) c[o.status]++;
    return c;
  }, [objects]);

  return (
    <section aria-label="Objects" className="flex min-h-0 flex-col gap-2">
      <div className="flex gap-2">
        <Select value={kind} onValueChange={setKind}>
          <SelectTrigger data-testid="livedocs-kind-filter" aria-label="Type" className="w-32">
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
        <Input
          aria-label="Filter objects by name"
          placeholder="Filter objects"
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid="livedocs-name-filter"
        />
      </div>
      <p className="px-1 text-xs text-muted-foreground" data-testid="livedocs-object-counts">
        {objects.length} objects · {counts.documented} documented · {counts.stale} stale ·{' '}
        {counts.undocumented} undocumented
      </p>
      <VirtualRows
        items={shown}
        rowHeight={40}
        label="Code objects"
        testId="livedocs-object-list"
        className="min-h-40 flex-1"
        renderRow={(object) => (
          <button
            type="button"
            data-testid={`livedocs-object-${object.qualified_name}`}
            aria-current={object.object_id === openId ? 'true' : undefined}
            onClick={() => onOpen(object)}
            className={cn(
              'flex h-full w-full items-center gap-2 border-b border-border/60 px-2 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent',
              object.object_id === openId && 'bg-accent',
            )}
          >
            <span className="w-16 shrink-0 truncate text-xs text-muted-foreground">
              {object.kind}
            </span>
            <span
              className="min-w-0 flex-1 truncate font-mono text-xs"
              title={object.qualified_name}
            >
              {object.qualified_name}
            </span>
            <StatusBadge
              status={object.status}
              testId={`livedocs-object-status-${object.qualified_name}`}
            />
          </button>
        )}
      />
    </section>
  );
}
