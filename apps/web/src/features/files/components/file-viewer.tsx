import { useEffect, useState } from 'react';
import { Binary, Check, CircleAlert, Copy, ExternalLink, FileX, RotateCw } from 'lucide-react';
import { FILE_CONTENT_MAX_BYTES, fileExtension } from '@codedocs/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { OpenFileState } from '../store/files-slice';
import { CodeView } from './code-view';
import { formatFileSize } from '@/lib/format';

/** HTTP status of a content fetch for a binary file. */
export const BINARY_FILE_STATUS = 415;

const HOST_NAMES: Record<string, string> = {
  'github.com': 'GitHub',
  'gitlab.com': 'GitLab',
  'bitbucket.org': 'Bitbucket',
};

/** "GitHub" for github.com and the other well-known hosts, else the host name itself. */
export function hostLabel(fileUrl: string): string {
  try {
    const host = new URL(fileUrl).hostname.replace(/^www\./, '');
    return HOST_NAMES[host] ?? host;
  } catch {
    return fileUrl;
  }
}

/** Props of FileViewer. */
export interface FileViewerProps {
  openFile: OpenFileState;
  /** Path of the open file from the list, shown before its content arrives. */
  path: string | null;
  codeBlocks: boolean;
  onRetry: () => void;
  className?: string;
}

/**
 * The open file: path, language, size, "Open on <host>", Copy and the text with line numbers;
 * a notice when the content was cut at 1 MB, a clear message for binary files and failures.
 */
export function FileViewer({ openFile, path, codeBlocks, onRetry, className }: FileViewerProps) {
  const { data, status, error, httpStatus, fileId } = openFile;
  const shownPath = data?.file_path ?? path;

  return (
    <section
      data-testid="file-viewer"
      aria-label={shownPath ? `File ${shownPath}` : 'File viewer'}
      className={cn(
        'flex min-h-0 min-w-0 flex-col overflow-hidden rounded-md border border-border bg-card',
        className,
      )}
    >
      {fileId === null ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-sm text-muted-foreground">
          <FileX aria-hidden="true" className="size-8" />
          <p>Choose a file to see its content.</p>
        </div>
      ) : (
        <>
          <ViewerHeader
            path={shownPath}
            language={data?.language ?? null}
            size={data?.size ?? null}
            fileUrl={data?.file_url ?? null}
            content={status === 'succeeded' ? (data?.content ?? null) : null}
          />
          <div className="min-h-0 flex-1 overflow-auto">
            {status === 'loading' && <ViewerSkeleton />}
            {status === 'failed' && httpStatus === BINARY_FILE_STATUS && (
              <div
                data-testid="file-viewer-binary"
                className="flex flex-col items-center gap-2 p-8 text-center text-sm text-muted-foreground"
              >
                <Binary aria-hidden="true" className="size-8" />
                <p>This is a binary file, so it cannot be shown as text.</p>
              </div>
            )}
            {status === 'failed' && httpStatus !== BINARY_FILE_STATUS && (
              <div className="p-4">
                <Alert variant="destructive" role="alert" data-testid="file-viewer-error">
                  <CircleAlert
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-destructive"
                  />
                  <p className="flex-1">{error}</p>
                  <Button variant="outline" size="sm" onClick={onRetry}>
                    <RotateCw aria-hidden="true" />
                    Try again
                  </Button>
                </Alert>
              </div>
            )}
            {status === 'succeeded' && data && (
              <>
                {data.truncated && (
                  <p
                    data-testid="file-viewer-truncated"
                    className="border-b border-warning/40 bg-warning/10 px-4 py-2 text-sm"
                  >
                    This file is {formatFileSize(data.size)}; only its first{' '}
                    {formatFileSize(FILE_CONTENT_MAX_BYTES)} is shown.
                  </p>
                )}
                <CodeView
                  content={data.content}
                  language={data.language}
                  extension={fileExtension(data.file_path.split('/').pop() ?? '')}
                  size={data.size}
                  codeBlocks={codeBlocks}
                />
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function ViewerHeader({
  path,
  language,
  size,
  fileUrl,
  content,
}: {
  path: string | null;
  language: string | null;
  size: number | null;
  fileUrl: string | null;
  content: string | null;
}) {
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-4 py-2">
      <h2
        data-testid="file-viewer-path"
        className="flex min-w-0 flex-1 font-mono text-sm font-semibold"
        title={path ?? undefined}
      >
        {/* a long path gives way from the directory side: the file name stays readable */}
        {path && path.includes('/') && (
          <span className="truncate font-normal text-muted-foreground">
            {path.slice(0, path.lastIndexOf('/') + 1)}
          </span>
        )}
        <span className="max-w-full shrink-0 truncate">
          {path ? path.slice(path.lastIndexOf('/') + 1) : '…'}
        </span>
      </h2>
      {language && (
        <span className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
          {language}
        </span>
      )}
      {size !== null && (
        <span className="text-xs text-muted-foreground tabular-nums">{formatFileSize(size)}</span>
      )}
      {fileUrl && (
        <Button asChild variant="outline" size="sm">
          <a
            href={fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="file-open-on-host"
          >
            <ExternalLink aria-hidden="true" />
            Open on {hostLabel(fileUrl)}
          </a>
        </Button>
      )}
      <CopyButton content={content} />
    </header>
  );
}

function CopyButton({ content }: { content: string | null }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const handleCopy = async () => {
    if (content === null) return;
    try {
      await navigator.clipboard.writeText(content);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Button
      variant="outline"
      size="sm"
      data-testid="file-copy"
      disabled={content === null}
      onClick={() => void handleCopy()}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function ViewerSkeleton() {
  return (
    <div data-testid="file-viewer-loading" className="flex flex-col gap-2 p-4">
      {[80, 65, 90, 40, 75, 55, 85, 30].map((width, index) => (
        <Skeleton key={index} className="h-3" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}
