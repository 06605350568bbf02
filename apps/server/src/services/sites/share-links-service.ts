import type {
  FolderStatus,
  InvitePreviewResponse,
  PrivateFolderResponse,
  PublicFolderResponse,
  ShareKind,
  SharedFolderPreview,
} from '@codedocs/contract';
import type { User } from '@codedocs/db';
import { sha256 } from '../../auth/random-id';
import { forbidden, notFound } from '../../errors/index';
import { findMembership, putMembership } from '../../repositories/folders-repository';
import {
  acceptInvitation,
  findShareBySlugHash,
  recordShareOpen,
  type ShareWithFolder,
} from '../../repositories/shares-repository';
import { recordEvent } from '../activity/record-event';
import { assertNotThrottled, recordThrottled, type ThrottleRule } from '../auth/throttle-service';
import { nowIso, type ClientInfo, type ServiceContext } from '../context';
import { signSiteLink } from './site-links';
import { presentFolder, visibleFolder } from './staticdocs-service';

/**
 * The one answer for a slug that is unknown, expired, revoked, used by someone else or of
 * another kind: nothing tells them apart.
 */
export const LINK_NOT_FOUND = 'This link has expired, was revoked, or does not exist';

/** Links that lead nowhere one client address may try per ten minutes before 429. */
export const SHARE_LOOKUP_FAILURES: ThrottleRule = { limit: 30, windowMs: 10 * 60_000 };

const lookupThrottle = (client: ClientInfo) => [
  { key: `share-lookup:ip:${client.ip}`, rule: SHARE_LOOKUP_FAILURES },
];

/**
 * The live share of `kinds` a slug names, or 404. Every lookup first checks the client's
 * budget of failed lookups (429 with Retry-After past it), and every failure spends from it.
 */
async function lookUpShare(
  ctx: ServiceContext,
  slug: string,
  client: ClientInfo,
  kinds: readonly ShareKind[],
): Promise<ShareWithFolder> {
  await assertNotThrottled(ctx.db, lookupThrottle(client));
  const share = await findShareBySlugHash(ctx.db, sha256(slug), nowIso());
  if (!share || !share.live || !kinds.includes(share.kind)) {
    await recordThrottled(ctx.db, lookupThrottle(client));
    throw notFound(LINK_NOT_FOUND);
  }
  return share;
}

function previewOf(share: ShareWithFolder): SharedFolderPreview {
  return {
    folder_id: share.folder_id,
    name: share.folder_name,
    owner: { name: share.folder_owner_name },
    status: share.folder_status as FolderStatus,
    updated_at: share.folder_updated_at,
    file_count: share.folder_file_count,
  };
}

/** One opening of a link: its counters and the owner's `share.opened` event, together. */
async function countOpening(
  ctx: ServiceContext,
  share: ShareWithFolder,
  actorId: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await recordShareOpen(trx, share.id, nowIso());
    await recordEvent(ctx, trx, {
      userId: share.folder_owner_id,
      actorId,
      kind: 'share.opened',
      subject: share.id,
      scope: share.folder_id,
      data: { kind: share.kind, permission: share.permission },
    });
  });
}

/**
 * `GET /staticdocs/public/{slug}` (no login): the folder and a link to its site, counted as an
 * opening. The site's token names the link, so each file checks it is still live.
 */
export async function openPublicShare(
  ctx: ServiceContext,
  slug: string,
  client: ClientInfo,
  base: string,
): Promise<PublicFolderResponse> {
  const share = await lookUpShare(ctx, slug, client, ['public']);
  await countOpening(ctx, share, null);
  const site = share.folder_build_id
    ? await signSiteLink(ctx, base, 'shared-site', { sub: share.id, folder: share.folder_id })
    : null;
  return { folder: previewOf(share), permission: 'viewer', site };
}

/**
 * `GET /staticdocs/private/{slug}/preview` (no login): what the invitation page shows before
 * anything is opened — the folder's name and owner, the permission and the expiry.
 */
export async function previewPrivateShare(
  ctx: ServiceContext,
  slug: string,
  client: ClientInfo,
): Promise<InvitePreviewResponse> {
  const share = await lookUpShare(ctx, slug, client, ['private', 'email']);
  return {
    kind: share.kind === 'email' ? 'email' : 'private',
    folder: previewOf(share),
    permission: share.permission,
    expires_at: share.expires_at,
  };
}

const RANK = { viewer: 1, editor: 2 } as const;

/** Whether access through `next` is better than the membership the user has. */
function isBetterAccess(
  next: { permission: 'viewer' | 'editor'; expires_at: string | null },
  current: Awaited<ReturnType<typeof findMembership>>,
): boolean {
  if (!current || !current.live) return true;
  if (RANK[next.permission] !== RANK[current.permission]) {
    return RANK[next.permission] > RANK[current.permission];
  }
  if (current.expires_at === null) return false;
  return next.expires_at === null || next.expires_at > current.expires_at;
}

/**
 * Uses an e-mail invitation for `user`: only the account with the invited address may (403
 * otherwise, so the invitee knows to log in with it), once; whoever used it may open it again.
 */
async function acceptEmailInvitation(
  ctx: ServiceContext,
  share: ShareWithFolder,
  user: User,
): Promise<void> {
  if (share.email !== user.email.toLowerCase() || !user.email_verified_at) {
    throw forbidden(
      'This invitation was sent to another e-mail address: log in with that address to open it',
    );
  }
  if (share.accepted_by === user.id) return;
  if (share.accepted_by || !(await acceptInvitation(ctx.db, share.id, user.id, nowIso()))) {
    throw notFound(LINK_NOT_FOUND);
  }
}

/**
 * `GET /staticdocs/private/{slug}` (login): puts the folder on the caller's shared list with the
 * link's permission (unless they already hold it better: a higher permission, or the same one
 * for longer), counts the opening, and answers the folder with a link to its site. Its owner
 * just gets the folder.
 */
export async function openPrivateShare(
  ctx: ServiceContext,
  user: User,
  slug: string,
  client: ClientInfo,
  base: string,
): Promise<PrivateFolderResponse> {
  const share = await lookUpShare(ctx, slug, client, ['private', 'email']);
  if (share.folder_owner_id !== user.id) {
    if (share.kind === 'email') await acceptEmailInvitation(ctx, share, user);
    const now = nowIso();
    const current = await findMembership(ctx.db, share.folder_id, user.id, now);
    const expiresAt = share.kind === 'email' ? null : share.expires_at;
    if (isBetterAccess({ permission: share.permission, expires_at: expiresAt }, current)) {
      await putMembership(ctx.db, {
        folder_id: share.folder_id,
        user_id: user.id,
        permission: share.permission,
        via_share_id: share.id,
        created_at: now,
      });
    }
    await countOpening(ctx, share, user.id);
  }
  const folder = await visibleFolder(ctx, user.id, share.folder_id);
  const site = folder.build_id
    ? await signSiteLink(ctx, base, 'site', { sub: user.id, folder: folder.id })
    : null;
  return {
    folder: presentFolder(folder),
    permission: folder.permission,
    expires_at: folder.access?.expires_at ?? null,
    site,
  };
}
