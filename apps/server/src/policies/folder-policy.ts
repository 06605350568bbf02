import { forbidden } from '../errors/index';

/** Who the caller is to a folder: its owner, or a member through a share's permission. */
export type FolderRole = 'owner' | 'editor' | 'viewer';

/**
 * What may be done with a folder (issue 17):
 * - `read`: its metadata and files, open its site — everyone it is shared with;
 * - `download`: zip the site (a copy that outlives the share) — editors and the owner;
 * - `update`: rebuild the site from its compilation — editors and the owner;
 * - `share-as-viewer`: private links with viewer permission and e-mail invitations, and
 *   listing/revoking the shares one made — editors and the owner;
 * - `share-as-editor`, `share-publicly`, `manage-all-shares` (see and revoke anyone's): the
 *   owner only. Deleting a folder is the owner's too, through a query that names the owner.
 */
export type FolderAction =
  | 'read'
  | 'download'
  | 'update'
  | 'share-as-viewer'
  | 'share-as-editor'
  | 'share-publicly'
  | 'manage-all-shares';

const ALLOWED: Record<FolderAction, readonly FolderRole[]> = {
  read: ['owner', 'editor', 'viewer'],
  download: ['owner', 'editor'],
  update: ['owner', 'editor'],
  'share-as-viewer': ['owner', 'editor'],
  'share-as-editor': ['owner'],
  'share-publicly': ['owner'],
  'manage-all-shares': ['owner'],
};

const REFUSALS: Record<FolderRole, string> = {
  owner: '',
  viewer: 'You can view this folder but not change, download or share it',
  editor: 'Only the owner of this folder can do this',
};

/** Whether `role` may do `action`. */
export function mayOnFolder(role: FolderRole, action: FolderAction): boolean {
  return ALLOWED[action].includes(role);
}

/**
 * Throws 403 unless `role` may do `action`. Only for callers who can see the folder: anyone
 * else gets the 404 of an unknown folder before this is asked.
 */
export function authorizeOnFolder(role: FolderRole, action: FolderAction): void {
  if (!mayOnFolder(role, action)) throw forbidden(REFUSALS[role]);
}
