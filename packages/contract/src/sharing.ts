import { z } from 'zod';
import { emailSchema } from './auth';
import {
  folderPermissionSchema,
  folderSchema,
  folderStatusSchema,
  openFolderResponseSchema,
  shareKindSchema,
  sharePermissionSchema,
} from './staticdocs';

/**
 * Sharing static documentation folders (issue 17, spec sections 5–7, DESIGN.md sections 5
 * and 8): public links, private links with a permission and an expiry, e-mail invitations.
 *
 * A slug is shown once, in the answer that creates it: the server keeps only its SHA-256, so a
 * lost link is replaced by a new one (and the old one revoked), never looked up again.
 */

/** Random bytes of a slug (256 bits, 43 base64url characters). */
export const SHARE_SLUG_BYTES = 32;
/** Longest a private link may live: 365 days, given as seconds or as an ISO-8601 time. */
export const SHARE_EXPIRY_MAX_SECONDS = 365 * 24 * 60 * 60;
/** How long an e-mail invitation waits to be used; once used, access lasts until revoked. */
export const EMAIL_INVITATION_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
/** Most addresses one `POST …/share/email` may name. */
export const EMAIL_SHARE_MAX_ADDRESSES = 50;

export const shareSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const shareParamsSchema = z.object({
  id: z.string().min(1).max(200),
  share_id: z.string().min(1).max(200),
});

/** `POST /staticdocs/folder/{id}/share/public` → a new public link (any previous one is revoked). */
export const publicShareResponseSchema = z.object({
  share_id: z.string(),
  slug: z.string(),
  /** Opens the site in a browser (no login); JSON clients get the folder at the same address. */
  url: z.string(),
});
export type PublicShareResponse = z.infer<typeof publicShareResponseSchema>;

/**
 * When a private link stops working: a number of seconds from now (1 to
 * SHARE_EXPIRY_MAX_SECONDS) or an ISO-8601 time with an offset, in the future and at most
 * SHARE_EXPIRY_MAX_SECONDS away.
 */
export const shareExpirySchema = z.union([
  z.number().int().min(1).max(SHARE_EXPIRY_MAX_SECONDS),
  z.iso.datetime({ offset: true }),
]);

/** `POST /staticdocs/folder/{id}/share/private`. */
export const privateShareRequestSchema = z.object({
  permission: sharePermissionSchema,
  expiry: shareExpirySchema,
});
export type PrivateShareRequest = z.infer<typeof privateShareRequestSchema>;

export const privateShareResponseSchema = z.object({
  share_id: z.string(),
  slug: z.string(),
  /** The invitation page `/invite/folder/private/{slug}`. */
  url: z.string(),
  permission: sharePermissionSchema,
  expires_at: z.string(),
});
export type PrivateShareResponse = z.infer<typeof privateShareResponseSchema>;

/** `POST /staticdocs/folder/{id}/share/email`: `permission` is accepted, but viewer is granted. */
export const emailShareRequestSchema = z.object({
  permission: sharePermissionSchema.default('viewer'),
  email_ids: z
    .array(emailSchema)
    .min(1, 'Name at least one address')
    .max(EMAIL_SHARE_MAX_ADDRESSES, `At most ${EMAIL_SHARE_MAX_ADDRESSES} addresses at once`),
});
export type EmailShareRequest = z.input<typeof emailShareRequestSchema>;

/**
 * Where a share stands. Links: `active`. E-mail invitations: `pending` (mailed, not used yet),
 * `undelivered` (the mail server refused it; the invitation still works), `accepted` (used).
 * Any: `expired`, `revoked`, or `suspended` (made by an editor who no longer has editor access).
 */
export const SHARE_STATUSES = [
  'active',
  'pending',
  'undelivered',
  'accepted',
  'expired',
  'revoked',
  'suspended',
] as const;
export const shareStatusSchema = z.enum(SHARE_STATUSES);
export type ShareStatus = z.infer<typeof shareStatusSchema>;

const personSchema = z.object({ user_id: z.string(), name: z.string() });

/** A share as its folder's owner (or the editor who made it) sees it; never its slug. */
export const shareSchema = z.object({
  share_id: z.string(),
  kind: shareKindSchema,
  permission: sharePermissionSchema,
  status: shareStatusSchema,
  created_at: z.string(),
  created_by: personSchema,
  /** Null: until revoked (a public link, an e-mail invitation once used). */
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** How many times the link was opened (the owner's own visits not counted). */
  opens: z.number().int(),
  last_opened_at: z.string().nullable(),
  /** E-mail invitations: the address, and who used it when. */
  email: z.string().nullable(),
  accepted_by: personSchema.nullable(),
  accepted_at: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

export const emailShareResponseSchema = z.object({
  permission: z.literal('viewer'),
  /** One per distinct address, in the order given; an address invited before gets a new link. */
  invitations: z.array(shareSchema),
});
export type EmailShareResponse = z.infer<typeof emailShareResponseSchema>;

/** `GET /staticdocs/folder/{id}/shares`: newest first; null cursor at the end. */
export const folderSharesResponseSchema = z.object({
  shares: z.array(shareSchema),
  cursor: z.string().nullable(),
});
export type FolderSharesResponse = z.infer<typeof folderSharesResponseSchema>;

/** What a link shows of a folder before (or without) a login. */
export const sharedFolderPreviewSchema = z.object({
  folder_id: z.string(),
  name: z.string(),
  owner: z.object({ name: z.string() }),
  status: folderStatusSchema,
  updated_at: z.string(),
  file_count: z.number().int(),
});
export type SharedFolderPreview = z.infer<typeof sharedFolderPreviewSchema>;

/** `GET /staticdocs/public/{slug}` (no login): the folder and a link to its site. */
export const publicFolderResponseSchema = z.object({
  folder: sharedFolderPreviewSchema,
  permission: z.literal('viewer'),
  /** Null while the folder has no site yet (its first build runs). */
  site: openFolderResponseSchema.nullable(),
});
export type PublicFolderResponse = z.infer<typeof publicFolderResponseSchema>;

/** `GET /staticdocs/private/{slug}/preview` (no login): what the invitation page shows. */
export const invitePreviewResponseSchema = z.object({
  kind: z.enum(['private', 'email']),
  folder: sharedFolderPreviewSchema,
  permission: sharePermissionSchema,
  /** When the link stops working (an e-mail invitation: by when it must be used). */
  expires_at: z.string().nullable(),
});
export type InvitePreviewResponse = z.infer<typeof invitePreviewResponseSchema>;

/**
 * `GET /staticdocs/private/{slug}` (login): the folder, now on the caller's shared list with the
 * link's permission (its owner gets `owner`), and a link to its site.
 */
export const privateFolderResponseSchema = z.object({
  folder: folderSchema,
  permission: folderPermissionSchema,
  /** When the caller's access through this link ends; null until revoked. */
  expires_at: z.string().nullable(),
  site: openFolderResponseSchema.nullable(),
});
export type PrivateFolderResponse = z.infer<typeof privateFolderResponseSchema>;
