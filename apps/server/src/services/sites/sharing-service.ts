import {
  EMAIL_INVITATION_LIFETIME_SECONDS,
  SHARE_EXPIRY_MAX_SECONDS,
  type EmailShareRequest,
  type EmailShareResponse,
  type FolderSharesResponse,
  type PrivateShareRequest,
  type PrivateShareResponse,
  type PublicShareResponse,
  type Share,
  type ShareStatus,
  type StaticdocsPageQuery,
} from '@codedocs/contract';
import { newId, randomSecret, sha256 } from '../../auth/random-id';
import { badRequest, notFound } from '../../errors/index';
import { folderInvitationMail } from '../../mail/templates';
import { authorizeOnFolder, mayOnFolder } from '../../policies/folder-policy';
import type { Db } from '../../repositories/db';
import type { FolderRow } from '../../repositories/folders-repository';
import { findUserById } from '../../repositories/users-repository';
import {
  findFolderShare,
  insertShare,
  listFolderShares,
  markInvitationMailed,
  revokePublicShares,
  revokeShare,
  revokeUnusedInvitations,
  type ShareRow,
} from '../../repositories/shares-repository';
import { recordEvent } from '../activity/record-event';
import { assertNotThrottled, recordThrottled, type ThrottleRule } from '../auth/throttle-service';
import { nowIso, type ServiceContext } from '../context';
import { decodeCursor, encodeCursor, visibleFolder } from './staticdocs-service';

/** The public link's address: a browser is sent on to the site, JSON clients get the folder. */
export const publicLinkPath = (slug: string) => `/api/v1/staticdocs/public/${slug}`;
/** The invitation page of the SPA that private links and e-mail invitations open. */
export const invitePagePath = (slug: string) => `/invite/folder/private/${slug}`;

/** E-mail invitations one user may send per quarter hour (each address counts). */
export const INVITATIONS_PER_USER: ThrottleRule = { limit: 100, windowMs: 15 * 60_000 };

/** Where a share stands at `now` (see the contract's SHARE_STATUSES). */
export function shareStatus(share: ShareRow, now: string): ShareStatus {
  if (share.revoked_at) return 'revoked';
  if (share.expires_at && share.expires_at <= now) return 'expired';
  if (!share.live) return 'suspended';
  if (share.kind !== 'email') return 'active';
  if (share.accepted_by) return 'accepted';
  return share.mailed_at ? 'pending' : 'undelivered';
}

/** A share as its folder's owner (or the editor who made it) sees it. */
export function presentShare(share: ShareRow, now: string): Share {
  return {
    share_id: share.id,
    kind: share.kind,
    permission: share.permission,
    status: shareStatus(share, now),
    created_at: share.created_at,
    created_by: { user_id: share.created_by, name: share.created_by_name },
    expires_at: share.expires_at,
    revoked_at: share.revoked_at,
    opens: share.opens,
    last_opened_at: share.last_opened_at,
    email: share.email,
    accepted_by:
      share.accepted_by && share.accepted_by_name !== null
        ? { user_id: share.accepted_by, name: share.accepted_by_name }
        : null,
    accepted_at: share.accepted_at,
  };
}

/**
 * When a private link stops working: `expiry` seconds from now, or that ISO-8601 time; it must
 * lie in the future and at most SHARE_EXPIRY_MAX_SECONDS away (400 naming `body.expiry`).
 */
export function expiryTime(expiry: PrivateShareRequest['expiry'], nowMs = Date.now()): string {
  const at = typeof expiry === 'number' ? nowMs + expiry * 1000 : Date.parse(expiry);
  if (!Number.isFinite(at) || at <= nowMs) {
    throw badRequest('body.expiry', 'The expiry must be in the future');
  }
  if (at > nowMs + SHARE_EXPIRY_MAX_SECONDS * 1000) {
    throw badRequest('body.expiry', 'A private link can last at most 365 days');
  }
  return new Date(at).toISOString();
}

/** A new slug (256 random bits) and the hash the database keeps instead of it. */
function newSlug(): { slug: string; hash: string } {
  const slug = randomSecret();
  return { slug, hash: sha256(slug) };
}

/**
 * `POST /staticdocs/folder/{id}/share/public` (owner): a new public link; any previous one is
 * revoked in the same transaction, so a folder has at most one and "regenerate" is this call.
 */
export async function createPublicShare(
  ctx: ServiceContext,
  userId: string,
  folderId: string,
  base: string,
): Promise<PublicShareResponse> {
  const folder = await visibleFolder(ctx, userId, folderId);
  authorizeOnFolder(folder.permission, 'share-publicly');
  const { slug, hash } = newSlug();
  const id = newId();
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await revokePublicShares(trx, folder.id, at);
    await insertShare(trx, {
      id,
      folder_id: folder.id,
      kind: 'public',
      token_hash: hash,
      permission: 'viewer',
      expires_at: null,
      email: null,
      created_by: userId,
      created_at: at,
    });
    await shareEvent(ctx, trx, folder, userId, 'share.created', {
      id,
      kind: 'public',
      permission: 'viewer',
    });
  });
  return { share_id: id, slug, url: `${base}${publicLinkPath(slug)}` };
}

/**
 * `POST /staticdocs/folder/{id}/share/private`: a link to the invitation page that puts the
 * folder on a logged-in visitor's shared list with `permission` until `expiry`. The owner may
 * grant either permission, an editor viewer only.
 */
export async function createPrivateShare(
  ctx: ServiceContext,
  userId: string,
  folderId: string,
  request: PrivateShareRequest,
  base: string,
): Promise<PrivateShareResponse> {
  const folder = await visibleFolder(ctx, userId, folderId);
  authorizeOnFolder(
    folder.permission,
    request.permission === 'editor' ? 'share-as-editor' : 'share-as-viewer',
  );
  const expiresAt = expiryTime(request.expiry);
  const { slug, hash } = newSlug();
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await insertShare(trx, {
      id,
      folder_id: folder.id,
      kind: 'private',
      token_hash: hash,
      permission: request.permission,
      expires_at: expiresAt,
      email: null,
      created_by: userId,
      created_at: nowIso(),
    });
    await shareEvent(ctx, trx, folder, userId, 'share.created', {
      id,
      kind: 'private',
      permission: request.permission,
    });
  });
  return {
    share_id: id,
    slug,
    url: `${base}${invitePagePath(slug)}`,
    permission: request.permission,
    expires_at: expiresAt,
  };
}

/**
 * `POST /staticdocs/folder/{id}/share/email`: one invitation (viewer, whatever `permission`
 * asks: spec section 5) and one mail per distinct address, each with its own single-use link to
 * the invitation page, valid EMAIL_INVITATION_LIFETIME_SECONDS. A previous unused invitation of
 * the same address is revoked. A mail the server refuses leaves the invitation `undelivered`.
 */
export async function createEmailShares(
  ctx: ServiceContext,
  userId: string,
  folderId: string,
  request: EmailShareRequest,
  linkBase: string,
): Promise<EmailShareResponse> {
  const folder = await visibleFolder(ctx, userId, folderId);
  authorizeOnFolder(folder.permission, 'share-as-viewer');
  const addresses = [...new Set(request.email_ids)];
  const throttle = [{ key: `share-mail:user:${userId}`, rule: INVITATIONS_PER_USER }];
  await assertNotThrottled(ctx.db, throttle);
  const inviter = await findUserById(ctx.db, userId);
  const inviterName = inviter?.name.trim() || inviter?.email || 'Someone';
  const invitations: Share[] = [];
  for (const email of addresses) {
    await recordThrottled(ctx.db, throttle);
    const { slug, hash } = newSlug();
    const id = newId();
    const at = nowIso();
    const expiresAt = nowIso(EMAIL_INVITATION_LIFETIME_SECONDS * 1000);
    await ctx.db.transaction().execute(async (trx) => {
      await revokeUnusedInvitations(trx, folder.id, email, at);
      await insertShare(trx, {
        id,
        folder_id: folder.id,
        kind: 'email',
        token_hash: hash,
        permission: 'viewer',
        expires_at: expiresAt,
        email,
        created_by: userId,
        created_at: at,
      });
      await shareEvent(ctx, trx, folder, userId, 'share.created', {
        id,
        kind: 'email',
        permission: 'viewer',
      });
    });
    const message = folderInvitationMail(email, {
      inviter: inviterName,
      folder: folder.name,
      url: `${linkBase}${invitePagePath(slug)}`,
      expiresAt,
    });
    try {
      await ctx.mailer.send(message);
      await markInvitationMailed(ctx.db, id, nowIso());
    } catch (error) {
      ctx.log.error(
        { err: error instanceof Error ? error.message : String(error), shareId: id },
        'could not send a folder invitation',
      );
    }
    const row = await findFolderShare(ctx.db, folder.id, id, nowIso());
    if (row) invitations.push(presentShare(row, nowIso()));
  }
  return { permission: 'viewer', invitations };
}

/**
 * `GET /staticdocs/folder/{id}/shares`: the owner sees every share of the folder, an editor
 * the ones they made; newest first, with status, opens and last opening.
 */
export async function listShares(
  ctx: ServiceContext,
  userId: string,
  folderId: string,
  query: StaticdocsPageQuery,
): Promise<FolderSharesResponse> {
  const folder = await visibleFolder(ctx, userId, folderId);
  authorizeOnFolder(folder.permission, 'share-as-viewer');
  const now = nowIso();
  let after;
  if (query.cursor) {
    const [createdAt, id] = decodeCursor(query.cursor, 2) as [string, string];
    after = { createdAt, id };
  }
  const rows = await listFolderShares(ctx.db, folder.id, {
    ...(!mayOnFolder(folder.permission, 'manage-all-shares') && { createdBy: userId }),
    limit: query.limit,
    ...(after && { after }),
    now,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    shares: page.map((row) => presentShare(row, now)),
    cursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
  };
}

/**
 * `DELETE /staticdocs/folder/{id}/share/{share_id}`: revokes a share at once (its slug answers
 * 404 and every member who holds the folder through it loses it on their next request). The
 * owner may revoke any share, an editor the ones they made; revoking twice is no error.
 */
export async function revokeFolderShare(
  ctx: ServiceContext,
  userId: string,
  folderId: string,
  shareId: string,
): Promise<void> {
  const folder = await visibleFolder(ctx, userId, folderId);
  authorizeOnFolder(folder.permission, 'share-as-viewer');
  const share = await findFolderShare(ctx.db, folder.id, shareId, nowIso());
  const mayRevoke =
    mayOnFolder(folder.permission, 'manage-all-shares') || share?.created_by === userId;
  if (!share || !mayRevoke) {
    throw notFound('Share not found');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await revokeShare(trx, share.id, nowIso());
    await shareEvent(ctx, trx, folder, userId, 'share.revoked', share);
  });
}

/** A `share.created` / `share.revoked` event in the owner's activity, done by `actorId`. */
function shareEvent(
  ctx: ServiceContext,
  trx: Db,
  folder: FolderRow,
  actorId: string,
  kind: 'share.created' | 'share.revoked',
  share: { id: string; kind: string; permission: string },
): Promise<string> {
  return recordEvent(ctx, trx, {
    userId: folder.owner_id,
    actorId,
    kind,
    subject: share.id,
    scope: folder.id,
    data: { kind: share.kind, permission: share.permission, name: folder.name },
  });
}
