import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { failureMessage } from '@/lib/api-error';
import { deleteAccount } from '../api/delete-account';

/** Props of DeleteAccountDialog. */
export interface DeleteAccountDialogProps {
  email: string;
  /** Runs after the server removed the account (the caller logs out locally). */
  onDeleted: () => void;
}

/** Whether the typed confirmation matches the account's address (case and spaces ignored). */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase() && email.trim() !== '';
}

/**
 * "Delete account": a dialog where the user types their e-mail address to enable the
 * destructive button, which calls `DELETE /api/v0/user`.
 */
export function DeleteAccountDialog({ email, onDeleted }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const mutation = useMutation({ mutationFn: deleteAccount, onSuccess: onDeleted });
  const matches = confirmsEmail(typed, email);

  const handleOpenChange = (next: boolean) => {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      mutation.reset();
    }
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (matches) mutation.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" data-testid="delete-account-open">
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="delete-account-dialog">
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>
          This removes your account and everything you own in CodeDocs: repositories, documentation,
          compilations, folders, keys and sessions. It cannot be undone.
        </DialogDescription>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          {mutation.isError && (
            <FormAlert>{failureMessage(mutation.error, 'Could not delete the account.')}</FormAlert>
          )}
          <FormField
            id="delete-account-confirm"
            label={
              <>
                Type <strong className="font-mono">{email}</strong> to confirm
              </>
            }
            aria-label="Type your e-mail address to confirm"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" type="button" disabled={mutation.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              variant="destructive"
              pending={mutation.isPending}
              disabled={!matches}
              data-testid="delete-account-confirm"
            >
              Delete my account
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
