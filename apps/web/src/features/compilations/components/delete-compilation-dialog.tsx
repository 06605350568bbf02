import { ConfirmDialog } from '@/components/confirm-dialog';

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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      data-testid="delete-pocket-dialog"
      title={`Delete “${name}”?`}
      description={`The pocket and its list of ${objectCount} ${objectCount === 1 ? 'object' : 'objects'} are deleted. The objects and their documentation stay in their repositories. It cannot be undone.`}
      action="Delete pocket"
      confirmTestId="delete-pocket-confirm"
      onConfirm={onConfirm}
    />
  );
}
