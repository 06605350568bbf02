import type { ShareKind, SharePermission } from '@codedocs/contract';
import type { Db } from './db';
import { shareIsLive, shareIsLiveFlag } from './share-liveness';

/** A share with the names of who made it and who used it, and whether it grants access now. */
export interface ShareRow {
  id: string;
  folder_id: string;
  kind: ShareKind;
  permission: SharePermission;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  created_by: string;
  created_by_name: string;
  email: string | null;
  opens: number;
  last_opened_at: string | null;
  accepted_by: string | null;
  accepted_by_name: string | null;
  accepted_at: string | null;
  mailed_at: string | null;
  /** Not revoked, not expired, and its maker may still share (see shareIsLive). */
  live: boolean;
}

/** A share found by its slug, with what a link shows of its folder. */
export interface ShareWithFolder extends ShareRow {
  folder_name: string;
  folder_owner_id: string;
  folder_owner_name: string;
  folder_status: string;
  folder_updated_at: string;
  folder_file_count: number;
  folder_build_id: string | null;
}

/** Where a page of shares ended (newest first: creation time, then id). */
export interface ShareCursor {
  createdAt: string;
  id: string;
}

const iso = (value: unknown) => (value == null ? null : new Date(String(value)).toISOString());
const displayName = (name: string | null, email: string | null) => name?.trim() || email || '';

function shares(db: Db, now: string) {
  return db
    .selectFrom('shares')
    .innerJoin('users as maker', 'maker.id', 'shares.created_by')
    .leftJoin('users as taker', 'taker.id', 'shares.accepted_by')
    .select([
      'shares.id',
      'shares.folder_id',
      'shares.kind',
      'shares.permission',
      'shares.expires_at',
      'shares.revoked_at',
      'shares.created_at',
      'shares.created_by',
      'maker.name as maker_name',
      'maker.email as maker_email',
      'shares.email',
      'shares.opens',
      'shares.last_opened_at',
      'shares.accepted_by',
      'taker.name as taker_name',
      'taker.email as taker_email',
      'shares.accepted_at',
      'shares.mailed_at',
      shareIsLiveFlag('shares', now).as('live'),
    ]);
}

type RawShare = Awaited<ReturnType<ReturnType<typeof shares>['executeTakeFirstOrThrow']>>;

function shareRow(raw: RawShare): ShareRow {
  return {
    id: raw.id,
    folder_id: raw.folder_id,
    kind: raw.kind as ShareKind,
    permission: raw.permission === 'editor' ? 'editor' : 'viewer',
    expires_at: iso(raw.expires_at),
    revoked_at: iso(raw.revoked_at),
    created_at: iso(raw.created_at) ?? '',
    created_by: raw.created_by,
    created_by_name: displayName(raw.maker_name, raw.maker_email),
    email: raw.email,
    opens: Number(raw.opens),
    last_opened_at: iso(raw.last_opened_at),
    accepted_by: raw.accepted_by,
    accepted_by_name: raw.accepted_by ? displayName(raw.taker_name, raw.taker_email) : null,
    accepted_at: iso(raw.accepted_at),
    mailed_at: iso(raw.mailed_at),
    live: Number(raw.live) === 1,
  };
}

/** Records a new share; only the slug's hash is given, never the slug. */
export async function insertShare(
  db: Db,
  row: {
    id: string;
    folder_id: string;
    kind: ShareKind;
    token_hash: string;
    permission: SharePermission;
    expires_at: string | null;
    email: string | null;
    created_by: string;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('shares').values(row).execute();
}

/** The share whose slug hashes to `tokenHash`, with its folder; undefined when none. */
export async function findShareBySlugHash(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<ShareWithFolder | undefined> {
  const raw = await shares(db, now)
    .innerJoin('folders', 'folders.id', 'shares.folder_id')
    .innerJoin('users as owner', 'owner.id', 'folders.owner_id')
    .select([
      'folders.name as folder_name',
      'folders.owner_id as folder_owner_id',
      'owner.name as owner_name',
      'owner.email as owner_email',
      'folders.status as folder_status',
      'folders.updated_at as folder_updated_at',
      'folders.file_count as folder_file_count',
      'folders.build_id as folder_build_id',
    ])
    .where('shares.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!raw) return undefined;
  return {
    ...shareRow(raw),
    folder_name: raw.folder_name,
    folder_owner_id: raw.folder_owner_id,
    folder_owner_name: displayName(raw.owner_name, raw.owner_email),
    folder_status: raw.folder_status,
    folder_updated_at: iso(raw.folder_updated_at) ?? '',
    folder_file_count: Number(raw.folder_file_count),
    folder_build_id: raw.folder_build_id,
  };
}

/** One share of a folder by id (undefined for another folder's). */
export async function findFolderShare(
  db: Db,
  folderId: string,
  shareId: string,
  now: string,
): Promise<ShareRow | undefined> {
  const raw = await shares(db, now)
    .where('shares.id', '=', shareId)
    .where('shares.folder_id', '=', folderId)
    .executeTakeFirst();
  return raw && shareRow(raw);
}

/** The public link a `shared-site` token names, if it still grants access to that folder. */
export async function findLivePublicShare(
  db: Db,
  shareId: string,
  folderId: string,
  now: string,
): Promise<{ build_id: string | null } | undefined> {
  return db
    .selectFrom('shares')
    .innerJoin('folders', 'folders.id', 'shares.folder_id')
    .select('folders.build_id')
    .where('shares.id', '=', shareId)
    .where('shares.folder_id', '=', folderId)
    .where('shares.kind', '=', 'public')
    .where(shareIsLive('shares', now))
    .executeTakeFirst();
}

/** A page of a folder's shares, newest first; only those made by `createdBy` when given. */
export async function listFolderShares(
  db: Db,
  folderId: string,
  options: { createdBy?: string; limit: number; after?: ShareCursor; now: string },
): Promise<ShareRow[]> {
  let query = shares(db, options.now).where('shares.folder_id', '=', folderId);
  if (options.createdBy) query = query.where('shares.created_by', '=', options.createdBy);
  const { after } = options;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('shares.created_at', '<', after.createdAt),
        eb.and([eb('shares.created_at', '=', after.createdAt), eb('shares.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('shares.created_at', 'desc')
    .orderBy('shares.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return rows.map(shareRow);
}

/** The shares of these folders that grant access now (a folder's `shares` for its owner). */
export async function listLiveShareSummaries(db: Db, folderIds: readonly string[], now: string) {
  if (folderIds.length === 0) return [];
  const rows = await db
    .selectFrom('shares')
    .select(['id', 'folder_id', 'kind', 'permission', 'expires_at', 'created_at'])
    .where('folder_id', 'in', folderIds)
    .where(shareIsLive('shares', now))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    folder_id: row.folder_id,
    share_id: row.id,
    kind: row.kind as ShareKind,
    permission: (row.permission === 'editor' ? 'editor' : 'viewer') as SharePermission,
    expires_at: iso(row.expires_at),
  }));
}

/** Revokes one share; false when it was revoked already (or is unknown). */
export async function revokeShare(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('shares')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes a folder's public links (a new one replaces them). */
export async function revokePublicShares(db: Db, folderId: string, at: string): Promise<void> {
  await db
    .updateTable('shares')
    .set({ revoked_at: at })
    .where('folder_id', '=', folderId)
    .where('kind', '=', 'public')
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the unused invitations of an address to a folder (a new one replaces them). */
export async function revokeUnusedInvitations(
  db: Db,
  folderId: string,
  email: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('shares')
    .set({ revoked_at: at })
    .where('folder_id', '=', folderId)
    .where('kind', '=', 'email')
    .where('email', '=', email)
    .where('accepted_by', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Records that the invitation's mail went out. */
export async function markInvitationMailed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('shares').set({ mailed_at: at }).where('id', '=', id).execute();
}

/**
 * Uses an e-mail invitation once, for `userId`: from then on it lasts until revoked (no
 * expiry). False when someone used it first.
 */
export async function acceptInvitation(
  db: Db,
  id: string,
  userId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('shares')
    .set({ accepted_by: userId, accepted_at: at, expires_at: null })
    .where('id', '=', id)
    .where('accepted_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts one opening of a link. */
export async function recordShareOpen(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('shares')
    .set((eb) => ({ opens: eb('opens', '+', 1), last_opened_at: at }))
    .where('id', '=', id)
    .execute();
}
