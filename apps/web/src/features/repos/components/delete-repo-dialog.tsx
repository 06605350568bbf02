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
    <AlertDialog>
      <AlertDialogTrigger asChild>
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
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="delete-repo-dialog">
        <AlertDialogTitle>Delete {repo.name}?</AlertDialogTitle>
        <AlertDialogDescription>
          This removes <span className="font-medium text-foreground">{repo.url}</span>, its clone,
          its files and the documentation generated from it. Its objects also leave the pockets they
          are in. It cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid="repo-delete-confirm">
            Delete repository
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
