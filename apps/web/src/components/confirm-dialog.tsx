import type { ReactNode } from 'react';
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

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  /** Controlled opening; leave out with `trigger`, which then opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog (rendered as the trigger itself). */
  trigger?: ReactNode;
  /** What will happen, as a question ("Revoke this link?"). */
  title: ReactNode;
  /** The consequences. */
  description: ReactNode;
  /** The confirming button's text ("Revoke", "Delete site"). */
  action: string;
  /** The backing-out button's text ("Cancel" unless said). */
  cancel?: ReactNode;
  onConfirm: () => void;
  'data-testid'?: string;
  /** Test id of the confirming button. */
  confirmTestId?: string;
}

/**
 * A confirmation before something that cannot be undone: focus starts on Cancel, Escape backs
 * out, the confirming button is destructive.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  action,
  cancel = 'Cancel',
  onConfirm,
  confirmTestId,
  ...props
}: ConfirmDialogProps) {
  const control = open === undefined ? {} : { open, onOpenChange };
  return (
    <AlertDialog {...control}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent data-testid={props['data-testid']}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid={confirmTestId}>
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
