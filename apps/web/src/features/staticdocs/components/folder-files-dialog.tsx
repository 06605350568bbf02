import { useCallback, useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import { ERROR_FETCHING_FILES, type Folder, type FolderFile } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useLoadMoreOnScroll } from '@/hooks/use-load-more-on-scroll';
import { failureMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import { folderFilesQueryOptions } from '../api/folder-files-query';
import { useFolderDownload } from '../hooks/use-folder-download';
import { FilePreview } from './file-preview';

/** Props of FolderFilesDialog. */
export interface FolderFilesDialogProps {
  /** The folder whose files are shown; null closes the dialog. */
  folder: Folder | null;
  onClose: () => void;
}

/**
 * "Browse files": a folder's files by path (paged as the list scrolls), each with its size and
 * content type; choose files (toggled by id) to download them as a zip, or one to preview it.
 * Under the lg breakpoint the list and the preview take turns.
 */
export function FolderFilesDialog({ folder, onClose }: FolderFilesDialogProps) {
  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-testid="folder-files-dialog"
        className="flex h-[calc(100dvh-2rem)] max-w-5xl flex-col gap-3 p-4 sm:p-6"
      >
        {folder && <FolderFiles key={folder.folder_id} folder={folder} />}
      </DialogContent>
    </Dialog>
  );
}

function toggle(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}

function FolderFiles({ folder }: { folder: Folder }) {
  const query = useInfiniteQuery({ ...folderFilesQueryOptions(folder.folder_id), retry: false });
  const files = useMemo(() => query.data?.pages.flatMap((page) => page.files) ?? [], [query.data]);
  const [selected, setSelected] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState<FolderFile | null>(null);
  const { downloading, download } = useFolderDownload(folder);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const handleLoadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useLoadMoreOnScroll({
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onLoadMore: handleLoadMore,
  });

  const chosen = useMemo(() => new Set(selected), [selected]);
  const allLoadedChosen = files.length > 0 && files.every((file) => chosen.has(file.file_id));
  const handleSelectAll = () =>
    setSelected(allLoadedChosen ? [] : files.map((file) => file.file_id));
  const chosenBytes = files.reduce(
    (sum, file) => sum + (chosen.has(file.file_id) ? file.size : 0),
    0,
  );

  return (
    <>
      <div className="flex flex-col gap-1 pr-8">
        <DialogTitle className="truncate">Files of “{folder.name}”</DialogTitle>
        <DialogDescription>
          {folder.file_count.toLocaleString()} {folder.file_count === 1 ? 'file' : 'files'} ·{' '}
          {formatFileSize(folder.size)}. Choose files to download them as a zip, or open one to
          preview it.
        </DialogDescription>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={allLoadedChosen}
            onChange={handleSelectAll}
            disabled={files.length === 0}
            data-testid="folder-files-select-all"
            className="size-4 accent-primary"
          />
          Select all {files.length > 0 && `(${files.length.toLocaleString()})`}
        </label>
        <span
          className="text-muted-foreground"
          data-testid="folder-files-selected"
          aria-live="polite"
        >
          {selected.length > 0 &&
            `${selected.length.toLocaleString()} selected · ${formatFileSize(chosenBytes)}`}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={selected.length === 0 || downloading}
            onClick={() => void download(selected)}
            data-testid="folder-files-download-selected"
          >
            {downloading ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
            Download selected
          </Button>
          <Button
            size="sm"
            disabled={downloading}
            onClick={() => void download()}
            data-testid="folder-files-download-all"
          >
            <Download aria-hidden="true" />
            Download all
          </Button>
        </div>
      </div>
      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section
          aria-label="Files"
          className={cn('flex min-h-0 min-w-0 flex-col', previewing && 'hidden lg:flex')}
        >
          {query.isPending && (
            <div
              className="flex flex-col gap-2"
              aria-busy="true"
              data-testid="folder-files-loading"
            >
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          )}
          {query.isError && files.length === 0 && (
            <LoadError
              message={failureMessage(query.error, ERROR_FETCHING_FILES)}
              onRetry={() => void query.refetch()}
              data-testid="folder-files-error"
            />
          )}
          {query.isSuccess && files.length === 0 && (
            <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
              This folder has no files yet.
            </p>
          )}
          {files.length > 0 && (
            <div className="min-h-0 overflow-auto rounded-md border border-border">
              <ul data-testid="folder-files" className="divide-y divide-border">
                {files.map((file) => (
                  <FileRow
                    key={file.file_id}
                    file={file}
                    checked={chosen.has(file.file_id)}
                    current={previewing?.file_id === file.file_id}
                    onToggle={() => setSelected((ids) => toggle(ids, file.file_id))}
                    onOpen={() => setPreviewing(file)}
                  />
                ))}
              </ul>
              {hasNextPage && (
                <div ref={sentinel} className="flex justify-center p-2">
                  {isFetchingNextPage ? (
                    <span
                      role="status"
                      className="flex items-center gap-2 text-sm text-muted-foreground"
                    >
                      <Spinner className="size-4" />
                      Loading more files…
                    </span>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={handleLoadMore}
                      data-testid="folder-files-load-more"
                    >
                      {isFetchNextPageError ? 'Try again' : 'Load more'}
                    </Button>
                  )}
                </div>
              )}
            </div>
          )}
        </section>
        <section
          aria-label="Preview"
          data-testid="folder-file-preview"
          className={cn(
            'flex min-h-0 min-w-0 flex-col gap-2 overflow-auto',
            !previewing && 'hidden lg:flex',
          )}
        >
          {previewing ? (
            <>
              <div className="flex min-w-0 items-start gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="lg:hidden"
                  onClick={() => setPreviewing(null)}
                  data-testid="folder-file-preview-back"
                >
                  <ArrowLeft aria-hidden="true" />
                  Back to files
                </Button>
                <div className="flex min-w-0 flex-col">
                  <p className="truncate font-mono text-sm font-medium" title={previewing.path}>
                    {previewing.path}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatFileSize(previewing.size)} · {previewing.content_type}
                  </p>
                </div>
              </div>
              <FilePreview folderId={folder.folder_id} file={previewing} />
            </>
          ) : (
            <p className="flex flex-1 items-center justify-center gap-2 rounded-md border border-dashed border-border p-6 text-sm text-muted-foreground">
              <FileText aria-hidden="true" className="size-4" />
              Open a file to preview it.
            </p>
          )}
        </section>
      </div>
    </>
  );
}

function FileRow({
  file,
  checked,
  current,
  onToggle,
  onOpen,
}: {
  file: FolderFile;
  checked: boolean;
  current: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  return (
    <li
      data-testid="folder-file"
      data-path={file.path}
      className={cn('flex min-w-0 items-center gap-2 px-2', current && 'bg-primary/5')}
    >
      <input
        type="checkbox"
        aria-label={`Select ${file.path}`}
        checked={checked}
        onChange={onToggle}
        data-testid="folder-file-check"
        className="size-4 shrink-0 accent-primary"
      />
      <button
        type="button"
        onClick={onOpen}
        aria-current={current ? 'true' : undefined}
        data-testid="folder-file-open"
        className="flex min-w-0 flex-1 flex-col items-start rounded-sm py-1.5 text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="w-full truncate font-mono text-xs" title={file.path}>
          {file.path}
        </span>
        <span className="text-xs text-muted-foreground">
          {formatFileSize(file.size)} · {file.content_type}
        </span>
      </button>
    </li>
  );
}
