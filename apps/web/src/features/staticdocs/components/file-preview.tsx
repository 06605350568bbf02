import { useState } from 'react';
import { FileQuestion } from 'lucide-react';
import type { FolderFile } from '@codedocs/contract';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import { PREVIEW_TEXT_LIMIT, useFilePreview } from '../hooks/use-file-preview';

/** Nothing in a rendered preview may load or run: no scripts, styles only inline, images inline. */
const PREVIEW_POLICY =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">';

/** The page's HTML with the preview's policy first in its head. */
export function withPreviewPolicy(html: string): string {
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${PREVIEW_POLICY}`)
    : `${PREVIEW_POLICY}${html}`;
}

/**
 * One file of a site: text as text (HTML as its escaped source, or rendered in a sandboxed
 * frame where nothing runs or loads), images as images, other types named only.
 */
export function FilePreview({ folderId, file }: { folderId: string; file: FolderFile }) {
  const preview = useFilePreview(folderId, file);
  const [rendered, setRendered] = useState(false);

  if (preview.state === 'loading') {
    return <Skeleton className="h-64 w-full" data-testid="file-preview-loading" />;
  }
  if (preview.state === 'failed') {
    return (
      <Alert variant="destructive" role="alert" data-testid="file-preview-error">
        {preview.message}
      </Alert>
    );
  }
  if (preview.state === 'none') {
    return (
      <p
        data-testid="file-preview-none"
        className="flex items-center gap-2 rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground"
      >
        <FileQuestion aria-hidden="true" className="size-4 shrink-0" />
        No preview for {file.content_type}; download it to open it.
      </p>
    );
  }
  if (preview.state === 'image') {
    return (
      <div className="flex justify-center rounded-md border border-border bg-muted/40 p-4">
        <img
          src={preview.url}
          alt={file.path}
          data-testid="file-preview-image"
          className="max-h-96 max-w-full object-contain"
        />
      </div>
    );
  }
  return (
    <div className="flex min-h-0 min-w-0 flex-col gap-2">
      {preview.kind === 'html' && (
        <div role="group" aria-label="Show the page as" className="flex gap-1 text-xs">
          {(['Source', 'Rendered'] as const).map((label) => {
            const pressed = (label === 'Rendered') === rendered;
            return (
              <button
                key={label}
                type="button"
                aria-pressed={pressed}
                onClick={() => setRendered(label === 'Rendered')}
                data-testid={`file-preview-${label.toLowerCase()}`}
                className={cn(
                  'rounded-md border px-2 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  pressed ? 'border-primary bg-primary/10' : 'border-border hover:bg-accent',
                )}
              >
                {label}
              </button>
            );
          })}
        </div>
      )}
      {preview.kind === 'html' && rendered ? (
        <>
          <iframe
            title={`Preview of ${file.path}`}
            sandbox=""
            srcDoc={withPreviewPolicy(preview.text)}
            data-testid="file-preview-frame"
            className="h-96 w-full rounded-md border border-border bg-white"
          />
          <p className="text-xs text-muted-foreground">
            Shown without the site&apos;s styles and scripts; open the site to see it whole.
          </p>
        </>
      ) : (
        <pre
          data-testid="file-preview-text"
          tabIndex={0}
          aria-label={`Contents of ${file.path}`}
          className="max-h-96 min-w-0 overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap break-all"
        >
          {preview.text}
        </pre>
      )}
      {preview.truncated && (
        <p className="text-xs text-muted-foreground" data-testid="file-preview-truncated">
          The first {formatFileSize(PREVIEW_TEXT_LIMIT)} of {formatFileSize(file.size)} are shown.
        </p>
      )}
    </div>
  );
}
