import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import type { Repo } from '../api/get-repos';

/** Props of DeleteRepoDialog. */
export interface DeleteRepoDialogProps {
  repo: Repo;
  disabled?: boolean;
  onConfirm: () => void;
}

/** "Delete": asks for confirmation naming the repo before removing it and all derived data. */
export function DeleteRepoDialog({ repo, disabled, onConfirm }: DeleteRepoDialogProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          data-testid="repo-delete"
          aria-label={`Delete ${repo.name}`}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">Delete</span>
        </Button>
      }
      data-testid="delete-repo-dialog"
      title={`Delete ${repo.name}?`}
      description={
        <>
          This removes <span className="font-medium text-foreground">{repo.url}</span>, its clone,
          its files and the documentation generated from it. Its objects also leave the pockets they
          are in. It cannot be undone.
        </>
      }
      action="Delete repository"
      confirmTestId="repo-delete-confirm"
      onConfirm={onConfirm}
    />
  );
}
