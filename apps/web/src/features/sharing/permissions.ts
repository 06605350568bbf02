import type { SharePermission } from '@codedocs/contract';

/** What each permission lets someone do with a shared folder (server: policies/folder-policy). */
export const PERMISSION_TEXT: Record<SharePermission, string> = {
  viewer: 'Reads the site.',
  editor: 'Also updates the site from its pocket, downloads it and shares it as viewer.',
};
