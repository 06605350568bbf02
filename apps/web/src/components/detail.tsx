import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One term and its value inside a `<dl>` of a card (a repository, a folder): the label small
 * and muted above the value. Long values are cut with an ellipsis unless `wrap` is set.
 */
export function Detail({
  term,
  children,
  wrap = false,
}: {
  term: string;
  children: ReactNode;
  wrap?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className={cn('min-w-0 text-sm', wrap ? 'break-words' : 'truncate')}>{children}</dd>
    </div>
  );
}
