import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/** Asked before leaving an object with unsaved edits: save them, discard them, or stay. */
export function UnsavedDialog({
  open,
  fields,
  saving,
  onSave,
  onDiscard,
  onCancel,
}: {
  open: boolean;
  fields: number;
  /** The save asked for is under way. */
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent data-testid="livedocs-unsaved-dialog">
        <AlertDialogTitle>Save your changes?</AlertDialogTitle>
        <AlertDialogDescription>
          {fields === 1 ? 'One field has' : `${fields} fields have`} unsaved edits. Save them before
          you leave this object, or discard them.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel} data-testid="livedocs-unsaved-cancel">
            Cancel
          </AlertDialogCancel>
          <Button
            variant="outline"
            onClick={onDiscard}
            disabled={saving}
            data-testid="livedocs-unsaved-discard"
          >
            Discard
          </Button>
          <Button onClick={onSave} disabled={saving} data-testid="livedocs-unsaved-save">
            Save
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
