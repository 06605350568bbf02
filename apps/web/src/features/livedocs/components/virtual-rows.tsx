import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '@/lib/cn';

/** Lists up to this long render every row; longer ones only the rows in view. */
const PLAIN_LIMIT = 300;

/**
 * Fixed-height rows in a scroll box: every row for short lists, a virtualised window for long
 * ones (20,000 objects scroll like 20).
 */
export function VirtualRows<T>({
  items,
  rowHeight,
  renderRow,
  className,
  label,
  testId,
  empty,
}: {
  items: readonly T[];
  rowHeight: number;
  renderRow: (item: T, index: number) => ReactNode;
  className?: string;
  label: string;
  testId: string;
  /** Shown when there is no row. */
  empty?: ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = items.length > PLAIN_LIMIT;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  return (
    <div
      ref={scrollRef}
      role="list"
      aria-label={label}
      data-testid={testId}
      className={cn(
        // a container, so rows can show extra columns only where the list is wide enough
        '@container relative overflow-auto rounded-md border border-border bg-card',
        className,
      )}
    >
      {items.length === 0 && empty && (
        <p className="p-4 text-center text-sm text-muted-foreground">{empty}</p>
      )}
      {virtual ? (
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.key}
              role="listitem"
              className="absolute inset-x-0 top-0"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
            >
              {renderRow(items[row.index]!, row.index)}
            </div>
          ))}
        </div>
      ) : (
        items.map((item, index) => (
          <div key={index} role="listitem" style={{ height: rowHeight }}>
            {renderRow(item, index)}
          </div>
        ))
      )}
    </div>
  );
}
