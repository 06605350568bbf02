import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What will happen, as a question ("Revoke this link?"). */
  title: string;
  /** The consequences. */
  description: string;
  /** The confirming button's text ("Revoke", "Delete site"). */
  action: string;
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
  title,
  description,
  action,
  onConfirm,
  confirmTestId,
  ...props
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid={props['data-testid']}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid={confirmTestId}>
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
