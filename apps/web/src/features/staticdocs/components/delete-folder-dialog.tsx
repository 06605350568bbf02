import type { Folder } from '@codedocs/contract';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid="delete-folder-dialog">
        <AlertDialogTitle>
          {own ? `Delete “${folder.name}”?` : `Remove “${folder.name}” from your list?`}
        </AlertDialogTitle>
        <AlertDialogDescription>
          {own
            ? 'The site, its files and every link shared to it are deleted. The pocket it was built from stays. It cannot be undone.'
            : `The folder stays with ${folder.owner.name}; you can no longer open it unless it is shared with you again.`}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid="delete-folder-confirm">
            {own ? 'Delete site' : 'Remove from my list'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
