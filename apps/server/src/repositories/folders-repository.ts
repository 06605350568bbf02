import type { FolderShareSummary, ShareKind } from '@codedocs/contract';
import type { WrittenFile } from '../sites/site-store';
import type { Db } from './db';
import { shareIsLive } from './share-liveness';

/** A folder row with its owner's display name and the caller's permission on it. */
export interface FolderRow {
  id: string;
  owner_id: string;
  owner_name: string;
  compilation_id: string | null;
  name: string;
  status: string;
  error: string | null;
  file_count: number;
  size: number;
  created_at: string;
  updated_at: string;
  build_id: string | null;
  pins: string;
  task_id: string | null;
  permission: 'owner' | 'editor' | 'viewer';
  /** Folders shared with the caller: when it was shared (their list's order). */
  shared_at?: string;
  /** Folders shared with the caller: the live share they hold it through. */
  access?: FolderShareSummary;
}

/** Where a page of folders ended (newest first: creation time, then id). */
export interface FolderCursor {
  createdAt: string;
  id: string;
}

function folders(db: Db) {
  return db
    .selectFrom('folders')
    .innerJoin('users', 'users.id', 'folders.owner_id')
    .leftJoin('jobs', 'jobs.id', 'folders.task_id')
    .select([
      'jobs.status as task_status',
      'jobs.error as task_error',
      'folders.id',
      'folders.owner_id',
      'users.name as owner_name',
      'users.email as owner_email',
      'folders.compilation_id',
      'folders.name',
      'folders.status',
      'folders.error',
      'folders.file_count',
      'folders.size',
      'folders.created_at',
      'folders.updated_at',
      'folders.build_id',
      'folders.pins',
      'folders.task_id',
    ]);
}

type RawFolder = Awaited<ReturnType<ReturnType<typeof folders>['executeTakeFirstOrThrow']>>;
const iso = (value: unknown) => new Date(String(value)).toISOString();

/** Why a build that will never finish stopped, when its task says nothing. */
export const BUILD_STOPPED =
  'The build stopped before it finished; update the site to build it again';

/**
 * A folder marked building whose task was cancelled, ended without publishing or was purged is
 * not building any more: it reads as its last published site (or failed, never built), with the
 * task's reason.
 */
function liveStatus(raw: RawFolder): Pick<FolderRow, 'status' | 'error'> {
  const pending = raw.task_status === 'queued' || raw.task_status === 'running';
  if (raw.status !== 'building' || pending) return { status: raw.status, error: raw.error };
  return {
    status: raw.build_id === null ? 'failed' : 'ready',
    error: raw.task_error ?? raw.error ?? BUILD_STOPPED,
  };
}

function folderRow(raw: RawFolder, permission: FolderRow['permission']): FolderRow {
  const { owner_email, task_status: _status, task_error: _error, ...rest } = raw;
  return {
    ...rest,
    ...liveStatus(raw),
    owner_name: raw.owner_name?.trim() || owner_email,
    file_count: Number(raw.file_count),
    size: Number(raw.size),
    created_at: iso(raw.created_at),
    updated_at: iso(raw.updated_at),
    permission,
  };
}

/** A membership's permission and date, and the share it holds the folder through. */
const MEMBERSHIP_COLUMNS = [
  'folder_members.permission',
  'folder_members.created_at as shared_at',
  'access.id as access_id',
  'access.kind as access_kind',
  'access.expires_at as access_expires_at',
] as const;

/**
 * What a membership holds a folder through: the share it came from, which must still grant
 * access at `now` (revoked, expired, or made by an editor who lost access: no access).
 */
function memberships(db: Db, now: string) {
  return db
    .selectFrom('folder_members')
    .innerJoin('shares as access', 'access.id', 'folder_members.via_share_id')
    .select(MEMBERSHIP_COLUMNS)
    .where(shareIsLive('access', now));
}

type RawMembership = Awaited<ReturnType<ReturnType<typeof memberships>['executeTakeFirstOrThrow']>>;

function memberPermission(permission: string): 'editor' | 'viewer' {
  return permission === 'editor' ? 'editor' : 'viewer';
}

function accessOf(member: RawMembership): FolderShareSummary {
  return {
    share_id: member.access_id,
    kind: member.access_kind as ShareKind,
    permission: memberPermission(member.permission),
    expires_at: member.access_expires_at === null ? null : iso(member.access_expires_at),
  };
}

/**
 * A folder the user may see at `now`: their own (`owner`) or one shared with them through a
 * share that still grants access (the member's permission); undefined for any other, as for an
 * unknown id.
 */
export async function findVisibleFolder(
  db: Db,
  userId: string,
  id: string,
  now: string,
): Promise<FolderRow | undefined> {
  const own = await folders(db)
    .where('folders.id', '=', id)
    .where('folders.owner_id', '=', userId)
    .executeTakeFirst();
  if (own) return folderRow(own, 'owner');
  const member = await memberships(db, now)
    .where('folder_members.folder_id', '=', id)
    .where('folder_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!member) return undefined;
  const shared = await folders(db).where('folders.id', '=', id).executeTakeFirst();
  return shared
    ? { ...folderRow(shared, memberPermission(member.permission)), access: accessOf(member) }
    : undefined;
}

/** The user's membership of a folder, live or not, with the state of the share behind it. */
export async function findMembership(db: Db, folderId: string, userId: string, now: string) {
  const row = await db
    .selectFrom('folder_members')
    .leftJoin('shares as access', 'access.id', 'folder_members.via_share_id')
    .select([
      'folder_members.permission',
      'folder_members.via_share_id',
      'access.expires_at',
      (eb) =>
        eb
          .case()
          .when(eb('access.id', 'is', null))
          .then(0)
          .when(shareIsLive('access', now))
          .then(1)
          .else(0)
          .end()
          .as('live'),
    ])
    .where('folder_members.folder_id', '=', folderId)
    .where('folder_members.user_id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      permission: memberPermission(row.permission),
      via_share_id: row.via_share_id,
      expires_at: row.expires_at === null ? null : iso(row.expires_at),
      live: Number(row.live) === 1,
    }
  );
}

/**
 * Puts a folder on the user's shared list through `via_share_id`, or points their existing
 * membership at it (the caller decided it is the better access); the list keeps the date it
 * was first shared.
 */
export async function putMembership(
  db: Db,
  row: {
    folder_id: string;
    user_id: string;
    permission: 'editor' | 'viewer';
    via_share_id: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('folder_members')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['folder_id', 'user_id'])
        .doUpdateSet({ permission: row.permission, via_share_id: row.via_share_id }),
    )
    .execute();
}

/** A folder by id whoever owns it (jobs). */
export async function findFolder(db: Db, id: string): Promise<FolderRow | undefined> {
  const row = await folders(db).where('folders.id', '=', id).executeTakeFirst();
  return row ? folderRow(row, 'owner') : undefined;
}

/** One page of the user's own folders, newest first. */
export async function listCreatedFolders(
  db: Db,
  userId: string,
  limit: number,
  after: FolderCursor | undefined,
): Promise<FolderRow[]> {
  let query = folders(db).where('folders.owner_id', '=', userId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('folders.created_at', '<', after.createdAt),
        eb.and([eb('folders.created_at', '=', after.createdAt), eb('folders.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('folders.created_at', 'desc')
    .orderBy('folders.id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map((row) => folderRow(row, 'owner'));
}

/** One page of the folders shared with the user that they may still see, newest share first. */
export async function listSharedFolders(
  db: Db,
  userId: string,
  limit: number,
  after: FolderCursor | undefined,
  now: string,
): Promise<FolderRow[]> {
  let query = folders(db)
    .innerJoin('folder_members', 'folder_members.folder_id', 'folders.id')
    .innerJoin('shares as access', 'access.id', 'folder_members.via_share_id')
    .select(MEMBERSHIP_COLUMNS)
    .where('folder_members.user_id', '=', userId)
    .where(shareIsLive('access', now));
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('folder_members.created_at', '<', after.createdAt),
        eb.and([
          eb('folder_members.created_at', '=', after.createdAt),
          eb('folders.id', '<', after.id),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy('folder_members.created_at', 'desc')
    .orderBy('folders.id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map(
    ({ permission, shared_at, access_id, access_kind, access_expires_at, ...row }) => ({
      ...folderRow(row, memberPermission(permission)),
      // the shared list pages by when the folder was shared
      created_at: iso(row.created_at),
      shared_at: iso(shared_at),
      access: accessOf({ permission, shared_at, access_id, access_kind, access_expires_at }),
    }),
  );
}

export async function insertFolder(
  db: Db,
  row: { id: string; owner_id: string; compilation_id: string; name: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('folders')
    .values({ ...row, status: 'building', updated_at: row.created_at })
    .execute();
}

/**
 * Records the build that runs (its task), clearing the last error: a folder never built is
 * `building` again, a built one stays `ready` (its site is served until the new one is done).
 */
export async function markFolderBuilding(
  db: Db,
  id: string,
  taskId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('folders')
    .set((eb) => ({
      status: eb.case().when('build_id', 'is', null).then('building').else('ready').end(),
      task_id: taskId,
      error: null,
      updated_at: at,
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Publishes a finished build: the folder's files become exactly these and the site is served
 * from `buildId`, in one transaction (the caller's). Answers the build it replaced, or
 * undefined when the folder is gone.
 */
export async function publishFolderBuild(
  db: Db,
  id: string,
  build: { buildId: string; files: readonly (WrittenFile & { file_id: string })[]; pins: string },
  at: string,
): Promise<{ previous: string | null } | undefined> {
  const folder = await db
    .selectFrom('folders')
    .select('build_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!folder) return undefined;
  await db.deleteFrom('folder_files').where('folder_id', '=', id).execute();
  for (let start = 0; start < build.files.length; start += 500) {
    await db
      .insertInto('folder_files')
      .values(
        build.files.slice(start, start + 500).map((file) => ({
          folder_id: id,
          file_id: file.file_id,
          path: file.path,
          size: file.size,
          content_type: file.content_type,
          sha256: file.sha256,
        })),
      )
      .execute();
  }
  await db
    .updateTable('folders')
    .set({
      build_id: build.buildId,
      pins: build.pins,
      status: 'ready',
      error: null,
      task_id: null,
      file_count: build.files.length,
      size: build.files.reduce((sum, file) => sum + file.size, 0),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
  return { previous: folder.build_id };
}

/**
 * A failed build attempt: a folder never built is `failed`; a built one keeps its site, and both
 * show the error. The task stays recorded (the queue may try it again; a retry marks the folder
 * building again).
 */
export async function failFolderBuild(db: Db, id: string, error: string, at: string) {
  await db
    .updateTable('folders')
    .set((eb) => ({
      status: eb.case().when('build_id', 'is', null).then('failed').else('ready').end(),
      error,
      updated_at: at,
    }))
    .where('id', '=', id)
    .execute();
}

/** A page of a folder's files by path. */
export async function listFolderFiles(
  db: Db,
  folderId: string,
  limit: number,
  afterPath: string | undefined,
) {
  let query = db
    .selectFrom('folder_files')
    .select(['file_id', 'path', 'size', 'content_type', 'sha256'])
    .where('folder_id', '=', folderId);
  if (afterPath !== undefined) query = query.where('path', '>', afterPath);
  const rows = await query
    .orderBy('path')
    .limit(limit + 1)
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** These files of a folder (all of them when `ids` is undefined), by path. */
export async function findFolderFiles(db: Db, folderId: string, ids?: readonly string[]) {
  const out = [];
  const batches = ids ? chunks(ids, 500) : [undefined];
  for (const batch of batches) {
    let query = db
      .selectFrom('folder_files')
      .select(['file_id', 'path', 'size', 'content_type', 'sha256'])
      .where('folder_id', '=', folderId);
    if (batch) query = query.where('file_id', 'in', batch);
    out.push(...(await query.orderBy('path').execute()));
  }
  return out
    .map((row) => ({ ...row, size: Number(row.size) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Deletes one of the user's folders (files, shares and members cascade); false when none. */
export async function deleteOwnFolder(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('folders')
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Takes a folder shared with the user off their list; false when it was not on it. */
export async function removeFolderMember(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('folder_members')
    .where('folder_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every folder id with the build it serves (to remove build directories nobody serves). */
export async function listFolderBuilds(db: Db) {
  return db.selectFrom('folders').select(['id', 'build_id', 'task_id']).execute();
}

/** How many folders the user owns (the plan's `static_folders` quota counts them). */
export async function countOwnFolders(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
