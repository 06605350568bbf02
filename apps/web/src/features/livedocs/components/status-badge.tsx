import type { ObjectStatus } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';

const VARIANT = { documented: 'success', stale: 'warning', undocumented: 'outline' } as const;

/** An object's doc status as a badge whose text says it. */
export function StatusBadge({ status, testId }: { status: ObjectStatus; testId?: string }) {
  return (
    <Badge variant={VARIANT[status]} data-testid={testId}>
      {status}
    </Badge>
  );
}
