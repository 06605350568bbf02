import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/** Asked before leaving an object with unsaved edits: save them, drop them, or stay. */
export function UnsavedDialog({
  open,
  fields,
  onSave,
  onDiscard,
  onCancel,
}: {
  open: boolean;
  fields: number;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent data-testid="livedocs-unsaved-dialog">
        <AlertDialogTitle>Save your changes?</AlertDialogTitle>
        <AlertDialogDescription>
          {fields === 1 ? 'One field has' : `${fields} fields have`} unsaved edits. They are lost if
          you open another object without saving.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>Stay here</AlertDialogCancel>
          <Button variant="outline" onClick={onDiscard} data-testid="livedocs-unsaved-discard">
            Discard
          </Button>
          <Button onClick={onSave} data-testid="livedocs-unsaved-save">
            Save
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
