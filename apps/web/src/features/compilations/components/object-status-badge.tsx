import type { ListedObjectStatus } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';

const VARIANT = {
  documented: 'success',
  stale: 'warning',
  undocumented: 'outline',
  removed: 'destructive',
} as const;

/** An object's status at its repository's current commit; gone from the code says so. */
export function ObjectStatusBadge({
  status,
  testId,
}: {
  status: ListedObjectStatus;
  testId?: string;
}) {
  return (
    <Badge variant={VARIANT[status]} data-testid={testId}>
      {status === 'removed' ? 'removed from the code' : status}
    </Badge>
  );
}
