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
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';

/** Props of CancelPlanDialog. */
export interface CancelPlanDialogProps {
  planName: string;
  periodEnd: string | null;
  disabled: boolean;
  onConfirm: () => void;
  children: ReactNode;
}

/** "Cancel plan": a confirmation saying the plan runs until the period's end, then Free. */
export function CancelPlanDialog({
  planName,
  periodEnd,
  disabled,
  onConfirm,
  children,
}: CancelPlanDialogProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={disabled} data-testid="plan-cancel">
          {children}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="plan-cancel-dialog">
        <AlertDialogTitle>Cancel the {planName} plan?</AlertDialogTitle>
        <AlertDialogDescription>
          {`You keep ${planName} until ${periodEnd ? formatDateTime(periodEnd) : 'the end of the period'}; after that you are on Free and nothing more is charged. You can resume until then.`}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep {planName}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid="plan-cancel-confirm">
            Cancel plan
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
