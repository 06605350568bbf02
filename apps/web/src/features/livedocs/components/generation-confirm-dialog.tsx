import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { GenerationConfirmation } from '../hooks/use-generation';

const count = (n: number) => n.toLocaleString();

/**
 * Asks before a generation that would use more than half of the objects left this month: how
 * many it documents, how many of them count (documented ones are refreshed free), what is left.
 */
export function GenerationConfirmDialog({
  confirmation,
  onConfirm,
  onCancel,
}: {
  confirmation: GenerationConfirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const estimate = confirmation?.estimate;
  return (
    <AlertDialog open={confirmation !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent data-testid="livedocs-generate-confirm">
        <AlertDialogTitle>
          {confirmation?.fileIds === null ? 'Generate docs for every file?' : 'Generate docs?'}
        </AlertDialogTitle>
        {estimate && (
          <AlertDialogDescription data-testid="livedocs-generate-confirm-text">
            This documents {count(estimate.objects)} objects and uses{' '}
            <span className="font-medium text-foreground">{count(estimate.to_spend)}</span> of the{' '}
            {count(estimate.left ?? 0)} objects left this month
            {estimate.quota !== null && ` (your plan has ${count(estimate.quota)} a month)`}.
            {estimate.objects > estimate.to_spend &&
              ` ${count(estimate.objects - estimate.to_spend)} already documented objects are refreshed free.`}
          </AlertDialogDescription>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid="livedocs-generate-confirm-start">
            Generate
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
