import { useMemo, useState } from 'react';
import type { LivedocsFileJson } from '@codedocs/contract';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { PathName } from './path-name';
import { VirtualRows } from './virtual-rows';

const ALL = '*';
/** Radix selects take no empty value: files without an extension use this one. */
const NONE = '(none)';

/**
 * The files of the commit that hold objects: filtered by extension and name, each a checkbox
 * row (selection toggles by id), with select-all over what the filters show.
 */
export function FilePicker({
  files,
  selectedIds,
  onToggle,
  onSelect,
}: {
  files: LivedocsFileJson[];
  selectedIds: string[];
  onToggle: (fileId: string) => void;
  onSelect: (fileIds: string[]) => void;
}) {
  const [extension, setExtension] = useState(ALL);
  const [name, setName] = useState('');
  const extensions = useMemo(() => {
    const counts = new Map<string, number>();
    for (const file of files) counts.set(file.extension, (counts.get(file.extension) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }, [files]);
  const shown = useMemo(() => {
    const needle = name.trim().toLowerCase();
    return files.filter(
      (file) =>
        (extension === ALL || (file.extension || NONE) === extension) &&
        (!needle || file.file_path.toLowerCase().includes(needle)),
    );
  }, [files, extension, name]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const allShownSelected = shown.length > 0 && shown.every((file) => selected.has(file.file_id));

  const handleSelectAll = () => {
    const shownIds = new Set(shown.map((file) => file.file_id));
    onSelect(
      allShownSelected
        ? selectedIds.filter((id) => !shownIds.has(id))
        : [...selectedIds, ...shown.map((file) => file.file_id)],
    );
  };

  return (
    <section aria-label="Files" className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-end gap-2">
        <label className="flex shrink-0 flex-col gap-1 text-xs text-muted-foreground">
          File type
          <Select value={extension} onValueChange={setExtension}>
            <SelectTrigger
              data-testid="livedocs-extension-filter"
              aria-label="File type"
              className="w-36"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All file types</SelectItem>
              {extensions.map(([ext, count]) => (
                <SelectItem key={ext} value={ext || NONE}>
                  {ext ? `.${ext}` : 'no extension'} ({count})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <Input
          aria-label="Filter files by name"
          placeholder="Filter files"
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid="livedocs-file-filter"
        />
      </div>
      <label className="flex items-center gap-2 px-1 text-sm text-muted-foreground">
        <input
          type="checkbox"
          data-testid="livedocs-select-all"
          checked={allShownSelected}
          onChange={handleSelectAll}
          disabled={shown.length === 0}
          className="size-4 accent-primary"
        />
        Select all ({shown.length}) · {selectedIds.length} selected
      </label>
      <VirtualRows
        items={shown}
        rowHeight={34}
        label="Source files"
        testId="livedocs-file-list"
        className="min-h-40 flex-1 max-lg:max-h-[60dvh]"
        empty="No file matches the filters."
        renderRow={(file) => (
          <label
            data-testid={`livedocs-file-${file.file_path}`}
            title={file.file_path}
            className={cn(
              'flex h-full cursor-pointer items-center gap-2 border-b border-border/60 px-2 text-sm hover:bg-accent',
              selected.has(file.file_id) && 'bg-accent/60',
            )}
          >
            <input
              type="checkbox"
              checked={selected.has(file.file_id)}
              onChange={() => onToggle(file.file_id)}
              onKeyDown={(event) => {
                // Space toggles a checkbox natively; Enter does too here, as on the object rows
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onToggle(file.file_id);
                }
              }}
              aria-label={file.file_path}
              className="size-4 shrink-0 accent-primary"
            />
            <PathName path={file.file_path} />
            <span
              className="shrink-0 text-xs text-muted-foreground"
              title={`${file.documented_count} documented, ${file.generated_count} generated only, of ${file.object_count} objects`}
            >
              {file.documented_count}/{file.object_count}
              {file.generated_count > 0 && (
                <span className="ml-1">· {file.generated_count} generated</span>
              )}
              {file.stale_count > 0 && (
                <span className="ml-1 text-amber-600 dark:text-amber-400">
                  · {file.stale_count} stale
                </span>
              )}
            </span>
          </label>
        )}
      />
    </section>
  );
}
