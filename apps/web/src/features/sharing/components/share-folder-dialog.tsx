import { useState } from 'react';
import type { Folder, Share } from '@codedocs/contract';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { EmailInviteForm } from './email-invite-form';
import { PrivateLinkForm } from './private-link-form';
import { PublicLinkSection } from './public-link-section';
import { ShareList } from './share-list';

/** Props of ShareFolderDialog. */
export interface ShareFolderDialogProps {
  /** The folder to share (its owner, or an editor); null closes the dialog. */
  folder: Folder | null;
  onClose: () => void;
  /** A share of the folder was made or revoked: its summary (`shares`) is out of date. */
  onChanged: (folderId: string) => void;
}

/**
 * "Share" on a folder: the public link (owner only), private links with a permission and an
 * expiry, e-mail invitations (viewer), and the list of shares with their status and Revoke.
 * An editor sees what folder-policy lets them do: viewer links, invitations, their own shares.
 * A modal dialog: focus stays inside, Escape closes, focus returns to the Share button.
 */
export function ShareFolderDialog({ folder, onClose, onChanged }: ShareFolderDialogProps) {
  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-testid="share-dialog"
        className="max-h-[calc(100dvh-2rem)] max-w-2xl gap-5 overflow-y-auto p-4 sm:p-6"
      >
        {folder && (
          <ShareFolder
            key={folder.folder_id}
            folder={folder}
            onChanged={() => onChanged(folder.folder_id)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ShareFolder({ folder, onChanged }: { folder: Folder; onChanged: () => void }) {
  const own = folder.permission === 'owner';
  // What this dialog did to the public link wins over the folder's summary until that is read
  // again (undefined: nothing done here yet).
  const [publicDone, setPublicDone] = useState<{ shareId: string | null } | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const listedPublic = folder.shares.find((share) => share.kind === 'public')?.share_id ?? null;
  const publicShareId = publicDone === undefined ? listedPublic : publicDone.shareId;

  const handleRevoked = (share: Share) => {
    if (share.kind === 'public' && share.share_id === publicShareId) {
      setPublicDone({ shareId: null });
    }
    onChanged();
  };

  return (
    <>
      <div className="flex flex-col gap-1 pr-8">
        <DialogTitle className="break-words">Share “{folder.name}”</DialogTitle>
        <DialogDescription>
          {own
            ? 'Share the site by public link, by private link with a permission and an expiry, or by e-mail. Revoke any share at once.'
            : `As an editor of ${folder.owner.name}'s site you can share it as viewer, and see and revoke the shares you made.`}
        </DialogDescription>
      </div>
      {own && (
        <>
          <PublicLinkSection
            folderId={folder.folder_id}
            publicShareId={publicShareId}
            onPublicShareChange={(shareId) => setPublicDone({ shareId })}
            onChanged={onChanged}
            onAnnounce={setAnnouncement}
          />
          <div className="border-t border-border" />
        </>
      )}
      <PrivateLinkForm folderId={folder.folder_id} mayGrantEditor={own} onChanged={onChanged} />
      <div className="border-t border-border" />
      <EmailInviteForm folderId={folder.folder_id} onChanged={onChanged} />
      <div className="border-t border-border" />
      <ShareList
        folderId={folder.folder_id}
        ownerId={folder.owner.user_id}
        own={own}
        onRevoked={handleRevoked}
        onAnnounce={setAnnouncement}
      />
      <p role="status" className="sr-only" data-testid="share-announcement">
        {announcement}
      </p>
    </>
  );
}
