import type { Readable } from 'node:stream';
import type { OpenFolderResponse } from '@codedocs/contract';
import { TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import { conflict } from '../../errors/index';
import { findVisibleFolder } from '../../repositories/folders-repository';
import { findLivePublicShare } from '../../repositories/shares-repository';
import { contentTypeOf, safeSitePath } from '../../sites/site-store';
import { recordEvent } from '../activity/record-event';
import { nowIso, type ServiceContext } from '../context';
import { siteStoreOf, visibleFolder } from './staticdocs-service';

/*
 * Serving a folder's site through signed links (DESIGN.md sections 7 and 8): the token in the
 * path names who may read (a user, or a public link) and which folder, and every file request
 * checks again that this access still holds.
 */

/**
 * `POST /staticdocs/folder/{id}/open`: a short-lived address of the folder's site for the
 * caller (a signed token of that folder in the path, so the site's relative links keep it),
 * on SITES_ORIGIN when set, else on the app's own address, where it is served sandboxed.
 */
export async function openFolderSite(
  ctx: ServiceContext,
  userId: string,
  id: string,
  base: string,
): Promise<OpenFolderResponse> {
  const folder = await visibleFolder(ctx, userId, id);
  if (!folder.build_id)
    throw conflict('This folder has no site yet: its first build has not finished');
  await recordEvent(ctx, ctx.db, {
    userId: folder.owner_id,
    actorId: userId,
    kind: 'site.viewed',
    subject: folder.id,
    data: { name: folder.name },
  });
  return signSiteLink(ctx, base, 'site', { sub: userId, folder: folder.id });
}

/**
 * The address of a folder's site behind a signed token of `type` (a user's `site`, a public
 * link's `shared-site`), on SITES_ORIGIN when set, else on `base`; it lives the type's hour, or
 * less when `lifetimeSeconds` says so (a link that expires sooner).
 */
export async function signSiteLink(
  ctx: ServiceContext,
  base: string,
  type: 'site' | 'shared-site',
  claims: { sub: string; folder: string },
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS[type],
): Promise<OpenFolderResponse> {
  const seconds = Math.max(1, Math.min(lifetimeSeconds, TOKEN_LIFETIME_SECONDS[type]));
  const token = await ctx.tokens.sign(type, claims, seconds);
  return {
    url: `${ctx.config.sitesOrigin ?? base}/sites/${token}/index.html`,
    expires_at: new Date(Date.now() + seconds * 1000).toISOString(),
  };
}

/**
 * The folder and build a site token opens, checked again at `now`: a `site` token (a user's,
 * from `…/open` or a private link) while that user may still see the folder; a `shared-site`
 * token (a public link's) while that link still grants access. Null for anything else.
 */
async function siteOfToken(
  ctx: ServiceContext,
  token: string,
): Promise<{ folderId: string; buildId: string } | null> {
  const now = nowIso();
  const asUser = await ctx.tokens.verify('site', token).catch(() => null);
  if (asUser) {
    const folder = await findVisibleFolder(ctx.db, asUser.sub, asUser.folder, now);
    return folder?.build_id ? { folderId: folder.id, buildId: folder.build_id } : null;
  }
  const asLink = await ctx.tokens.verify('shared-site', token).catch(() => null);
  if (!asLink) return null;
  const share = await findLivePublicShare(ctx.db, asLink.sub, asLink.folder, now);
  return share?.build_id ? { folderId: asLink.folder, buildId: share.build_id } : null;
}

/**
 * A file of the site a site token opens (`path` '' or ending in `/` means its index.html);
 * null when the token does not verify, its access ended (folder no longer visible to its user,
 * link revoked or expired), or there is no such file. Checked on every request.
 */
export async function siteFileOfToken(
  ctx: ServiceContext,
  token: string,
  path: string,
): Promise<{ stream: Readable; contentType: string } | null> {
  const site = await siteOfToken(ctx, token);
  if (!site) return null;
  const wanted = path === '' || path.endsWith('/') ? `${path}index.html` : path;
  let relative: string;
  try {
    relative = safeSitePath(decodeURIComponent(wanted));
  } catch {
    return null;
  }
  const stream = await siteStoreOf(ctx).open(site.folderId, site.buildId, relative);
  return stream ? { stream, contentType: contentTypeOf(relative) } : null;
}
