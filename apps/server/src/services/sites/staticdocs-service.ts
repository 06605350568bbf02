import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  Folder,
  FolderListResponse,
  FolderShareSummary,
  FolderMetadataResponse,
  GenerateFolderRequest,
  GenerateFolderResponse,
  StaticdocsPageQuery,
} from '@codedocs/contract';
import { newId } from '../../auth/random-id';
import { badRequest, conflict, forbidden, notFound } from '../../errors/index';
import { catalogueEntry, currentPlan } from '../billing/subscription-service';
import type { JobQueue } from '../../jobs/job-queue';
import { siteBuildJob } from '../../jobs/definitions/index';
import { findCompilation } from '../../repositories/compilations-repository';
import {
  countOwnFolders,
  deleteOwnFolder,
  findFolderFiles,
  findVisibleFolder,
  insertFolder,
  listCreatedFolders,
  listFolderFiles,
  listSharedFolders,
  markFolderBuilding,
  removeFolderMember,
  type FolderCursor,
  type FolderRow,
} from '../../repositories/folders-repository';
import type { SiteStore } from '../../sites/site-store';
import { siteStoreFor } from '../../sites/configured-site-store';
import { zipSiteFiles } from '../../sites/site-zip';
import { authorizeOnFolder } from '../../policies/folder-policy';
import { listLiveShareSummaries } from '../../repositories/shares-repository';
import { nowIso, type ServiceContext } from '../context';

const FOLDER_NOT_FOUND = 'Folder not found';

/** The store sites are kept in: the local disk, or S3-compatible storage (SITES_S3_BUCKET). */
export function siteStoreOf(ctx: Pick<ServiceContext, 'config'>): SiteStore {
  return siteStoreFor(ctx.config);
}

/** A site file's id in `folder_files`: stable for its path, so an update keeps the ids. */
export function folderFileId(path: string): string {
  return createHash('sha256').update(path).digest('hex').slice(0, 24);
}

/**
 * A folder as the API shows it. `shares`: the caller's access share for a folder shared with
 * them; for its owner, the shares that grant access now (`ownerShares`, by folder id).
 */
export function presentFolder(
  row: FolderRow,
  ownerShares: ReadonlyMap<string, FolderShareSummary[]> = new Map(),
): Folder {
  let pins: Folder['pins'] = [];
  try {
    pins = JSON.parse(row.pins) as Folder['pins'];
  } catch {
    // an unreadable column reads as no pins
  }
  return {
    folder_id: row.id,
    name: row.name,
    compilation_id: row.compilation_id,
    owner: { user_id: row.owner_id, name: row.owner_name },
    created_at: row.created_at,
    updated_at: row.updated_at,
    status: row.status as Folder['status'],
    error: row.error,
    task_id: row.task_id,
    file_count: row.file_count,
    size: row.size,
    pins,
    permission: row.permission,
    shares: row.access ? [row.access] : (ownerShares.get(row.id) ?? []),
  };
}

/** An opaque cursor of a page that ended at these key parts. */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The key parts of a cursor a list answered; 400 naming `query.cursor` for anything else. */
export function decodeCursor(cursor: string, length: number): string[] {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parts) &&
      parts.length === length &&
      parts.every((part) => typeof part === 'string')
    ) {
      return parts as string[];
    }
  } catch {
    // answered below
  }
  throw badRequest('query.cursor', 'This cursor is not one a list answered');
}

/** A folder the caller may see, or 404 (another user's folder is as unknown as a missing one). */
export async function visibleFolder(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<FolderRow> {
  const folder = await findVisibleFolder(ctx.db, userId, id, nowIso());
  if (!folder) throw notFound(FOLDER_NOT_FOUND);
  return folder;
}

/** The live shares of the caller's own folders among `rows`, by folder id. */
async function ownerShareSummaries(
  ctx: ServiceContext,
  rows: readonly FolderRow[],
): Promise<Map<string, FolderShareSummary[]>> {
  const owned = rows.filter((row) => row.permission === 'owner').map((row) => row.id);
  const byFolder = new Map<string, FolderShareSummary[]>();
  for (const { folder_id, ...summary } of await listLiveShareSummaries(ctx.db, owned, nowIso())) {
    byFolder.set(folder_id, [...(byFolder.get(folder_id) ?? []), summary]);
  }
  return byFolder;
}

/**
 * `POST /api/v1/staticdocs/generate/compilation`: a new folder (status building) and the job
 * that builds the compilation into it at each repository's current commit.
 */
export async function generateFolder(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  request: GenerateFolderRequest,
): Promise<GenerateFolderResponse> {
  const compilation = await findCompilation(ctx.db, userId, request.compilation_id);
  if (!compilation) throw notFound('Compilation not found');
  const { plan } = await currentPlan(ctx, userId);
  const quota = catalogueEntry(plan).quotas.static_folders;
  if (quota !== null && (await countOwnFolders(ctx.db, userId)) >= quota) {
    throw forbidden(
      `Your plan allows ${quota} static documentation folders; delete one or upgrade your plan to build another`,
    );
  }
  const id = newId();
  const at = nowIso();
  await insertFolder(ctx.db, {
    id,
    owner_id: userId,
    compilation_id: compilation.id,
    name: request.folder_name,
    created_at: at,
  });
  return startBuild(ctx, queue, userId, id);
}

async function startBuild(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  folderId: string,
): Promise<GenerateFolderResponse> {
  const taskId = `site:${folderId}:${newId()}`;
  await markFolderBuilding(ctx.db, folderId, taskId, nowIso());
  const task = await queue.enqueue(siteBuildJob, { folder_id: folderId }, { id: taskId, userId });
  return { folder_id: folderId, task_id: task.task_id };
}

/**
 * `POST /api/v1/staticdocs/folder/{id}/update`: rebuilds the folder from its compilation at the
 * repositories' current commits, under the same id; the current site stays served until the new
 * one is complete. A build already running is answered instead of a second one.
 */
export async function updateFolder(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  id: string,
): Promise<GenerateFolderResponse> {
  const folder = await visibleFolder(ctx, userId, id);
  authorizeOnFolder(folder.permission, 'update');
  if (!folder.compilation_id) {
    throw conflict('The compilation this folder was built from was deleted; it cannot be updated');
  }
  if (folder.task_id) {
    const running = await queue.get(folder.task_id, folder.owner_id).catch(() => undefined);
    if (running && (running.status === 'queued' || running.status === 'running')) {
      return { folder_id: folder.id, task_id: running.task_id };
    }
  }
  return startBuild(ctx, queue, folder.owner_id, folder.id);
}

/** `GET /staticdocs/folders/creator` and `/folders/shared`: a page, newest first. */
export async function listFolders(
  ctx: ServiceContext,
  userId: string,
  which: 'creator' | 'shared',
  query: StaticdocsPageQuery,
): Promise<FolderListResponse> {
  let after: FolderCursor | undefined;
  if (query.cursor) {
    const [createdAt, id] = decodeCursor(query.cursor, 2) as [string, string];
    after = { createdAt, id };
  }
  const rows =
    which === 'creator'
      ? await listCreatedFolders(ctx.db, userId, query.limit, after)
      : await listSharedFolders(ctx.db, userId, query.limit, after, nowIso());
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const ownerShares = await ownerShareSummaries(ctx, page);
  return {
    folders: page.map((row) => presentFolder(row, ownerShares)),
    cursor:
      rows.length > query.limit && last
        ? encodeCursor([last.shared_at ?? last.created_at, last.id])
        : null,
  };
}

/** `GET /staticdocs/folder/{id}/metadata`: the folder and a page of its files by path. */
export async function folderMetadata(
  ctx: ServiceContext,
  userId: string,
  id: string,
  query: StaticdocsPageQuery,
): Promise<FolderMetadataResponse> {
  const folder = await visibleFolder(ctx, userId, id);
  const afterPath = query.cursor ? decodeCursor(query.cursor, 1)[0] : undefined;
  const rows = await listFolderFiles(ctx.db, folder.id, query.limit, afterPath);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    folder: presentFolder(folder, await ownerShareSummaries(ctx, [folder])),
    files: page,
    cursor: rows.length > query.limit && last ? encodeCursor([last.path]) : null,
  };
}

/** One file of a folder's site, with its content type (404 for an unknown id). */
export async function openFolderFile(
  ctx: ServiceContext,
  userId: string,
  id: string,
  fileId: string,
): Promise<{ stream: Readable; contentType: string; size: number; path: string }> {
  const folder = await visibleFolder(ctx, userId, id);
  const [file] = await findFolderFiles(ctx.db, folder.id, [fileId]);
  const stream =
    file && folder.build_id
      ? await siteStoreOf(ctx).open(folder.id, folder.build_id, file.path)
      : null;
  if (!file || !stream) throw notFound('File not found');
  return { stream, contentType: file.content_type, size: file.size, path: file.path };
}

/** A file name for a download: the folder's name with anything unusual replaced. */
export function downloadName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._ -]+/g, '-').trim();
  return safe === '' ? 'site' : safe.slice(0, 80);
}

/**
 * A zip of the folder's site (or of the chosen files), streamed from the store (a few files
 * opened ahead, see zipSiteFiles), with the site's normalised relative paths (`index.html` at the root).
 * Unknown file ids answer 404 before anything is sent.
 */
export async function zipFolder(
  ctx: ServiceContext,
  userId: string,
  id: string,
  fileIds?: readonly string[],
): Promise<{ stream: Readable; name: string }> {
  const folder = await visibleFolder(ctx, userId, id);
  authorizeOnFolder(folder.permission, 'download');
  if (!folder.build_id)
    throw conflict('This folder has no site yet: its first build has not finished');
  const files = await findFolderFiles(ctx.db, folder.id, fileIds && [...new Set(fileIds)]);
  if (fileIds && files.length !== new Set(fileIds).size) throw notFound('File not found');
  const stream = zipSiteFiles(siteStoreOf(ctx), folder.id, folder.build_id, files, {
    mtime: new Date(folder.updated_at),
    onError: (error) =>
      ctx.log.error({ err: error, folderId: folder.id }, 'zip of a folder failed'),
  });
  return { stream, name: `${downloadName(folder.name)}.zip` };
}

/** `DELETE /staticdocs/folders/created/{id}`: the folder, its files and its shares. */
export async function deleteCreatedFolder(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await deleteOwnFolder(ctx.db, userId, id))) throw notFound(FOLDER_NOT_FOUND);
  await siteStoreOf(ctx).remove(id);
}

/** `DELETE /staticdocs/folders/shared/{id}`: off the caller's list; it stays for its owner. */
export async function deleteSharedFolder(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await removeFolderMember(ctx.db, userId, id))) throw notFound(FOLDER_NOT_FOUND);
}
