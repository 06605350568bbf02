// Zod-free on purpose: the web app imports these without pulling the schema library into its chunks.

/** Page size of `GET /api/v3/repo/files/{repo_id}`: default and largest allowed. */
export const FILES_PAGE_DEFAULT_LIMIT = 500;
export const FILES_PAGE_MAX_LIMIT = 5000;
/** Largest file content returned whole; longer content is cut here with `truncated: true`. */
export const FILE_CONTENT_MAX_BYTES = 1024 * 1024;

/**
 * The extension of a file name: the part after its last dot (spec section 3), or '' when there is
 * no dot. `.bashrc` → `bashrc`, `archive.tar.gz` → `gz`.
 */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1);
}
