import { z } from 'zod';

/** Static documentation folders (issue 16, spec section 7 staticdocs rows, DESIGN.md section 5). */

/** A folder's state: building (first build running), ready, or failed (its `error` says why). */
export const FOLDER_STATUSES = ['building', 'ready', 'failed'] as const;
export const folderStatusSchema = z.enum(FOLDER_STATUSES);
export type FolderStatus = z.infer<typeof folderStatusSchema>;

/** Largest page of folders or files one call answers. */
export const STATICDOCS_PAGE_MAX_LIMIT = 200;
export const STATICDOCS_PAGE_DEFAULT_LIMIT = 50;

/** What the caller may do with a folder: `owner`, or a share's `editor` / `viewer`. */
export const folderPermissionSchema = z.enum(['owner', 'editor', 'viewer']);

/** A repository a folder's site pins, at the commit it documents. */
export const folderPinSchema = z.object({
  repo_id: z.string(),
  repo_name: z.string(),
  commit_id: z.string(),
});

/** How a folder is shared: a public link, a private link, or an e-mail invitation. */
export const SHARE_KINDS = ['public', 'private', 'email'] as const;
export const shareKindSchema = z.enum(SHARE_KINDS);
export type ShareKind = z.infer<typeof shareKindSchema>;

/** What a share grants: `viewer` reads; `editor` also updates, downloads and re-shares as viewer. */
export const SHARE_PERMISSIONS = ['viewer', 'editor'] as const;
export const sharePermissionSchema = z.enum(SHARE_PERMISSIONS);
export type SharePermission = z.infer<typeof sharePermissionSchema>;

/**
 * A share in a folder's `shares`: for its owner every share that grants access now; for someone
 * it was shared with, the one share they hold it through (its expiry is when their access ends).
 */
export const folderShareSummarySchema = z.object({
  share_id: z.string(),
  kind: shareKindSchema,
  permission: sharePermissionSchema,
  /** Null: until revoked. */
  expires_at: z.string().nullable(),
});
export type FolderShareSummary = z.infer<typeof folderShareSummarySchema>;

export const folderSchema = z.object({
  folder_id: z.string(),
  name: z.string(),
  /** Null once the compilation was deleted (the folder stays). */
  compilation_id: z.string().nullable(),
  owner: z.object({ user_id: z.string(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  status: folderStatusSchema,
  /** Why the last build failed (status failed, or an update that failed over a ready site). */
  error: z.string().nullable(),
  /** The running build's task, when one runs (the first build or an update). */
  task_id: z.string().nullable(),
  file_count: z.number().int(),
  /** Bytes of every file of the site. */
  size: z.number().int(),
  /** The commits the current site documents. */
  pins: z.array(folderPinSchema),
  permission: folderPermissionSchema,
  shares: z.array(folderShareSummarySchema),
});
export type Folder = z.infer<typeof folderSchema>;

export const staticdocsPageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(STATICDOCS_PAGE_MAX_LIMIT)
    .default(STATICDOCS_PAGE_DEFAULT_LIMIT),
  cursor: z.string().max(500).optional(),
});
export type StaticdocsPageQuery = z.infer<typeof staticdocsPageQuerySchema>;

/** `GET /staticdocs/folders/creator` and `/folders/shared`: newest first; null cursor at the end. */
export const folderListResponseSchema = z.object({
  folders: z.array(folderSchema),
  cursor: z.string().nullable(),
});
export type FolderListResponse = z.infer<typeof folderListResponseSchema>;

export const folderFileSchema = z.object({
  file_id: z.string(),
  path: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  sha256: z.string(),
});
export type FolderFile = z.infer<typeof folderFileSchema>;

/** `GET /staticdocs/folder/{id}/metadata`: the folder and a page of its files, by path. */
export const folderMetadataResponseSchema = z.object({
  folder: folderSchema,
  files: z.array(folderFileSchema),
  cursor: z.string().nullable(),
});
export type FolderMetadataResponse = z.infer<typeof folderMetadataResponseSchema>;

export const folderIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const folderFileParamsSchema = z.object({
  id: z.string().min(1).max(200),
  file_id: z.string().min(1).max(200),
});

/** Most files one `POST /staticdocs/folder/{id}/files` zip may name. */
export const FOLDER_ZIP_MAX_FILES = 10_000;
export const folderFilesRequestSchema = z.object({
  file_ids: z
    .array(z.string().min(1).max(200))
    .min(1, 'Choose at least one file')
    .max(FOLDER_ZIP_MAX_FILES, `At most ${FOLDER_ZIP_MAX_FILES} files at once`),
});

export const FOLDER_NAME_MAX_LENGTH = 100;
export const folderNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the folder')
  .max(FOLDER_NAME_MAX_LENGTH, `At most ${FOLDER_NAME_MAX_LENGTH} characters`);

/** `POST /staticdocs/generate/compilation`. */
export const generateFolderRequestSchema = z.object({
  compilation_id: z.string().min(1).max(200),
  folder_name: folderNameSchema,
});
export type GenerateFolderRequest = z.infer<typeof generateFolderRequestSchema>;
/** 202: the folder (status building for a new one) and the build's task. */
export const generateFolderResponseSchema = z.object({
  folder_id: z.string(),
  task_id: z.string(),
});
export type GenerateFolderResponse = z.infer<typeof generateFolderResponseSchema>;

/** `POST /staticdocs/folder/{id}/open`: a short-lived address of the site, for this folder only. */
export const openFolderResponseSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type OpenFolderResponse = z.infer<typeof openFolderResponseSchema>;
