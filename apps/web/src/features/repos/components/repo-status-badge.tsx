import { CircleAlert, CircleCheck } from 'lucide-react';
import type { RepoClientStatus } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

const LABELS: Record<RepoClientStatus, string> = {
  connected: 'Connected',
  syncing: 'Syncing',
  deleting: 'Deleting',
  error: 'Error',
};

/** Props of RepoStatusBadge. */
export interface RepoStatusBadgeProps {
  status: RepoClientStatus;
}

/** A repo's client status (spec section 4) as a badge; syncing and deleting spin. */
export function RepoStatusBadge({ status }: RepoStatusBadgeProps) {
  const busy = status === 'syncing' || status === 'deleting';
  return (
    <Badge
      data-testid="repo-status"
      data-status={status}
      variant={
        status === 'error' ? 'destructive' : status === 'connected' ? 'success' : 'secondary'
      }
      role={busy ? 'status' : undefined}
    >
      {busy && <Spinner className="size-3 text-current" />}
      {status === 'connected' && <CircleCheck aria-hidden="true" />}
      {status === 'error' && <CircleAlert aria-hidden="true" />}
      {LABELS[status]}
    </Badge>
  );
}
