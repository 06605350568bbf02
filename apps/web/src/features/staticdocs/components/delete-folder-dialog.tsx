import type { Folder } from '@codedocs/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * Asks before a folder goes: the owner deletes it with its files and shares; someone it was
 * shared with only takes it off their own list.
 */
export function DeleteFolderDialog({
  folder,
  open,
  onOpenChange,
  onConfirm,
}: {
  folder: Folder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const own = folder.permission === 'owner';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={own ? `Delete “${folder.name}”?` : `Remove “${folder.name}” from your list?`}
      description={
        own
          ? 'The site, its files and every link shared to it are deleted. The pocket it was built from stays. It cannot be undone.'
          : `The folder stays with ${folder.owner.name}; you can no longer open it unless it is shared with you again.`
      }
      action={own ? 'Delete site' : 'Remove from my list'}
      onConfirm={onConfirm}
      data-testid="delete-folder-dialog"
      confirmTestId="delete-folder-confirm"
    />
  );
}
