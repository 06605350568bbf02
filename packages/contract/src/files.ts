import { z } from 'zod';
import { FILES_PAGE_MAX_LIMIT } from './file-limits';

export * from './file-limits';

/**
 * One file of a commit. `file_id` is stable across commits for the same path of the same repo;
 * `file_url` is the file's page on GitHub, GitLab, Bitbucket or Gitea, or null on other hosts.
 */
export const fileSchema = z
  .object({
    file_id: z.string(),
    file_name: z.string(),
    file_path: z.string(),
    file_url: z.string().nullable(),
    size: z.number().int(),
    /** Engine language id (e.g. `typescript`), or null when not a known source language. */
    language: z.string().nullable(),
    extension: z.string(),
  })
  .meta({ id: 'File' });
export type FileJson = z.infer<typeof fileSchema>;

export const repoIdPathSchema = z.object({ repo_id: z.string().min(1).max(200) });
export type RepoIdPath = z.infer<typeof repoIdPathSchema>;

/**
 * `GET /api/v3/repo/files/{repo_id}` query. Without `pagination_token` it starts at the first file
 * (path order) of `commit_id` (default: the repo's current commit); the token of an answer
 * continues exactly where it stopped, on the same commit and with the same filters, even when the
 * repo syncs in between. `q` keeps paths containing it (case-insensitive); `extension` keeps files
 * with exactly that extension ('' for none).
 */
export const filesQuerySchema = z.object({
  pagination_token: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(FILES_PAGE_MAX_LIMIT).optional(),
  commit_id: z
    .string()
    .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'A full commit id')
    .optional(),
  q: z.string().max(500).optional(),
  extension: z.string().max(100).optional(),
});
export type FilesQuery = z.infer<typeof filesQuerySchema>;

/** Files of one page; `pagination_token` is null on the last page. */
export const filesPageSchema = z.object({
  files: z.array(fileSchema),
  pagination_token: z.string().nullable(),
  commit_id: z.string(),
  /** Files matching the filters at this commit (all pages together). */
  total: z.number().int(),
  /**
   * Every extension at this commit with its file count, most common first (unfiltered). Sent with
   * the first page only (no `pagination_token` in the request); later pages carry [].
   */
  extensions: z.array(z.object({ extension: z.string(), count: z.number().int() })),
});
export type FilesPage = z.infer<typeof filesPageSchema>;

/** `GET /api/v0/file/content/{repo_id}?file_id=&commit_id=`. */
export const fileContentQuerySchema = z.object({
  file_id: z.string().min(1).max(200),
  commit_id: z
    .string()
    .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'A full commit id')
    .optional(),
});
export type FileContentQuery = z.infer<typeof fileContentQuerySchema>;

/** A file's text; binary files answer 415 instead. */
export const fileContentSchema = z.object({
  file_id: z.string(),
  file_path: z.string(),
  file_url: z.string().nullable(),
  content: z.string(),
  language: z.string().nullable(),
  /** Size of the whole file in bytes. */
  size: z.number().int(),
  /** True when `content` holds only the first FILE_CONTENT_MAX_BYTES bytes. */
  truncated: z.boolean(),
  commit_id: z.string(),
});
export type FileContentJson = z.infer<typeof fileContentSchema>;
