import { useEffect, useState } from 'react';
import type { FolderFile } from '@codedocs/contract';
import { failureMessage } from '@/lib/api-error';
import { getFolderFile } from '../api/staticdocs-calls';

/** Text past this many bytes is cut from a preview (the file itself is whole in a download). */
export const PREVIEW_TEXT_LIMIT = 256 * 1024;

/** How a file of a site is previewed, from its content type. */
export type PreviewKind = 'html' | 'text' | 'image' | 'none';

/** The preview kind of a content type: HTML, other text, an image, or none (binary). */
export function previewKind(contentType: string): PreviewKind {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html') return 'html';
  if (type.startsWith('image/')) return 'image';
  if (
    type.startsWith('text/') ||
    /^application\/(javascript|json|xml|x-javascript|ld\+json|manifest\+json)$/.test(type)
  ) {
    return 'text';
  }
  return 'none';
}

/** A file's preview as it loads. */
export type FilePreview =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'none' }
  | { state: 'text'; kind: 'html' | 'text'; text: string; truncated: boolean }
  | { state: 'image'; url: string };

/**
 * Fetches one file of a folder (`GET …/folder/{id}/file/{file_id}`) for its preview: text
 * (the first PREVIEW_TEXT_LIMIT bytes), or an image as an object URL revoked when the preview
 * changes. Binary files are not fetched.
 */
export function useFilePreview(folderId: string, file: FolderFile): FilePreview {
  const kind = previewKind(file.content_type);
  const [preview, setPreview] = useState<{ fileId: string; value: FilePreview } | null>(null);

  useEffect(() => {
    if (kind === 'none') return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const settle = (value: FilePreview) => {
      if (!controller.signal.aborted) setPreview({ fileId: file.file_id, value });
    };
    getFolderFile(folderId, file.file_id, controller.signal).then(
      async (blob) => {
        if (controller.signal.aborted) return;
        if (kind === 'image') {
          objectUrl = URL.createObjectURL(blob);
          settle({ state: 'image', url: objectUrl });
          return;
        }
        const truncated = blob.size > PREVIEW_TEXT_LIMIT;
        const text = await blob.slice(0, PREVIEW_TEXT_LIMIT).text();
        settle({ state: 'text', kind, text, truncated });
      },
      (error: unknown) =>
        settle({ state: 'failed', message: failureMessage(error, 'The file could not be read') }),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [folderId, file.file_id, kind]);

  if (kind === 'none') return { state: 'none' };
  return preview?.fileId === file.file_id ? preview.value : { state: 'loading' };
}
