import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** Props of DeleteCompilationDialog. */
export interface DeleteCompilationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  objectCount: number;
  onConfirm: () => void;
}

/** Asks before deleting a pocket; its objects and their docs stay in their repositories. */
export function DeleteCompilationDialog({
  open,
  onOpenChange,
  name,
  objectCount,
  onConfirm,
}: DeleteCompilationDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid="delete-pocket-dialog">
        <AlertDialogTitle>Delete “{name}”?</AlertDialogTitle>
        <AlertDialogDescription>
          The pocket and its list of {objectCount} {objectCount === 1 ? 'object' : 'objects'} are
          deleted. The objects and their documentation stay in their repositories. It cannot be
          undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid="delete-pocket-confirm">
            Delete pocket
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
