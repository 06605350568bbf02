import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      trigger={
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
      }
      data-testid="ssh-delete-dialog"
      title={`Delete key ${name}?`}
      description="Repositories connected over SSH with this key can no longer be synced. Remove the public key from your Git host too. This cannot be undone."
      action="Delete key"
      confirmTestId="ssh-delete-confirm"
      onConfirm={onConfirm}
    />
  );
}
