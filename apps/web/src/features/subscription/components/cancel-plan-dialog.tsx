import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={disabled} data-testid="plan-cancel">
          {children}
        </Button>
      }
      data-testid="plan-cancel-dialog"
      title={`Cancel the ${planName} plan?`}
      description={`You keep ${planName} until ${periodEnd ? formatDateTime(periodEnd) : 'the end of the period'}; after that you are on Free and nothing more is charged. You can resume until then.`}
      cancel={`Keep ${planName}`}
      action="Cancel plan"
      confirmTestId="plan-cancel-confirm"
      onConfirm={onConfirm}
    />
  );
}
