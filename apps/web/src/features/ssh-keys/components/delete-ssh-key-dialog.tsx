import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/** Props of DeleteSshKeyDialog. */
export interface DeleteSshKeyDialogProps {
  name: string;
  disabled?: boolean;
  onConfirm: () => void;
}

/** "Delete" of a key: a confirmation naming it, since repos cloned with it stop syncing. */
export function DeleteSshKeyDialog({ name, disabled, onConfirm }: DeleteSshKeyDialogProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          data-testid="ssh-delete"
          aria-label={`Delete key ${name}`}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="ssh-delete-dialog">
        <AlertDialogTitle>Delete key {name}?</AlertDialogTitle>
        <AlertDialogDescription>
          Repositories connected over SSH with this key can no longer be synced. Remove the public
          key from your Git host too. This cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid="ssh-delete-confirm">
            Delete key
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
