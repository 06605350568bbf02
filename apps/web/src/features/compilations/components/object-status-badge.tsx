import type { ListedObjectStatus } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';
import { STATUS_LABEL, STATUS_VARIANT } from '@/lib/doc-status';

/** An object's status at its repository's current commit; gone from the code says so. */
export function ObjectStatusBadge({
  status,
  testId,
}: {
  status: ListedObjectStatus;
  testId?: string;
}) {
  return (
    <Badge
      variant={status === 'removed' ? 'destructive' : STATUS_VARIANT[status]}
      data-testid={testId}
    >
      {status === 'removed' ? 'removed from the code' : STATUS_LABEL[status]}
    </Badge>
  );
}
