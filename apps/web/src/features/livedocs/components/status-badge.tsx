import type { ObjectStatus } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';
import { STATUS_LABEL, STATUS_VARIANT } from '@/lib/doc-status';

/** An object's doc status as a badge whose text says it. */
export function StatusBadge({ status, testId }: { status: ObjectStatus; testId?: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid={testId}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
