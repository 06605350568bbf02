import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '@/lib/cn';
import type { FileEntry } from '../store/files-slice';
import { FileRow, FileRowSkeleton } from './file-row';

/** Height of one row in pixels; fixed, so the virtualiser never measures rows. */
export const FILE_ROW_HEIGHT = 32;

/** Props of FileList. */
export interface FileListProps {
  /** The loaded files, in order; rows past them show a skeleton until their page arrives. */
  files: FileEntry[];
  /** Files matching the filters: sizes the scrollbar before every page is loaded. */
  total: number;
  openFileId: string | null;
  onOpen: (file: FileEntry) => void;
  /** Told the last row index in view (plus overscan), so the caller loads the pages it needs. */
  onVisibleEnd: (index: number) => void;
  className?: string;
}

/**
 * The virtualised file list (role="listbox"): only the rows in view are in the DOM, so 100,000
 * files scroll as smoothly as 10. Arrow keys, Page Up/Down, Home and End move the selection,
 * Enter opens it; a click selects and opens.
 */
export function FileList({
  files,
  total,
  openFileId,
  onOpen,
  onVisibleEnd,
  className,
}: FileListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const [active, setActive] = useState(-1);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => FILE_ROW_HEIGHT,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    onVisibleEnd(lastIndex);
  }, [lastIndex, onVisibleEnd]);

  const moveTo = (index: number) => {
    const last = files.length - 1;
    if (last < 0) return;
    const next = Math.max(0, Math.min(last, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / FILE_ROW_HEIGHT));
    const current = active >= 0 ? active : files.findIndex((file) => file.file_id === openFileId);
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(current + 1),
      ArrowUp: () => moveTo(current <= 0 ? 0 : current - 1),
      PageDown: () => moveTo(current + page),
      PageUp: () => moveTo(current - page),
      Home: () => moveTo(0),
      End: () => moveTo(files.length - 1),
      Enter: () => {
        const file = files[current];
        if (file) onOpen(file);
      },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const handleClick = (index: number) => {
    const file = files[index];
    if (!file) return;
    setActive(index);
    onOpen(file);
  };

  return (
    <div
      ref={scrollRef}
      role="listbox"
      aria-label="Files"
      aria-activedescendant={active >= 0 ? `${idPrefix}-${active}` : undefined}
      tabIndex={0}
      data-testid="file-list"
      onKeyDown={handleKeyDown}
      className={cn(
        '@container relative overflow-auto rounded-md border border-border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const style = { height: row.size, transform: `translateY(${row.start}px)` };
          const file = files[row.index];
          if (!file) return <FileRowSkeleton key={row.key} style={style} />;
          return (
            <FileRow
              key={row.key}
              id={`${idPrefix}-${row.index}`}
              file={file}
              index={row.index}
              total={total}
              selected={row.index === active}
              open={file.file_id === openFileId}
              style={style}
              onClick={handleClick}
            />
          );
        })}
      </div>
    </div>
  );
}
