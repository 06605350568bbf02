import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';
import type { FileEntry } from '../store/files-slice';
import { FileIcon } from './file-icon';
import { formatFileSize } from '@/lib/format';

/** Props of FileRow. */
export interface FileRowProps {
  file: FileEntry;
  id: string;
  index: number;
  total: number;
  selected: boolean;
  open: boolean;
  style: CSSProperties;
  onClick: (index: number) => void;
}

/** One option of the file list: icon, path (directory dimmed, name bold), extension where the list is wide enough, size. */
export function FileRow({ file, id, index, total, selected, open, style, onClick }: FileRowProps) {
  const slash = file.file_path.lastIndexOf('/');
  const directory = slash === -1 ? '' : file.file_path.slice(0, slash + 1);
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={total}
      data-testid="file-row"
      data-path={file.file_path}
      data-open={open || undefined}
      style={style}
      onClick={() => onClick(index)}
      className={cn(
        'absolute top-0 left-0 flex w-full cursor-pointer items-center gap-2 px-3 text-sm select-none hover:bg-accent/60',
        selected && 'bg-accent text-accent-foreground',
        open && 'border-l-2 border-primary',
      )}
    >
      <FileIcon language={file.language} extension={file.extension} />
      {/* when the path is too long the directory gives way first; the name stays whole */}
      <span className="flex min-w-0 flex-1" title={file.file_path}>
        {directory && <span className="truncate text-muted-foreground">{directory}</span>}
        <span className="max-w-full shrink-0 truncate font-semibold">{file.file_name}</span>
      </span>
      {file.extension && (
        <span className="hidden shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground @lg:inline">
          {file.extension}
        </span>
      )}
      <span className="w-16 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
        {formatFileSize(file.size)}
      </span>
    </div>
  );
}

/** A row whose file is not loaded yet: the scrollbar already counts it. */
export function FileRowSkeleton({ style }: { style: CSSProperties }) {
  return (
    <div
      aria-hidden="true"
      data-testid="file-row-skeleton"
      style={style}
      className="absolute top-0 left-0 flex w-full items-center gap-2 px-3"
    >
      <div className="size-4 shrink-0 animate-pulse rounded bg-muted" />
      <div className="h-3 flex-1 animate-pulse rounded bg-muted" />
      <div className="h-3 w-12 animate-pulse rounded bg-muted" />
    </div>
  );
}
