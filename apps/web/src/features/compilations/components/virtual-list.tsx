import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '@/lib/cn';

/** Lists up to this long render every row; longer ones only the rows in view. */
const PLAIN_LIMIT = 300;
/** How close to the end of a short list scrolling asks for the next page. */
const END_MARGIN_PX = 200;

/** A request to scroll a row into view and focus its element marked `data-row-key`. */
export interface FocusRequest {
  key: string;
  /** Changes with every request, so asking twice for the same row works. */
  nonce: number;
}

/**
 * Rows in a scroll box, keyed (so a moved row keeps its element and focus): every row for
 * short lists, a virtualised window for long ones, as the Live docs and Files lists do.
 * `onEndReached` runs when the last rows come into view (to load the next page).
 */
export function VirtualList<T>({
  items,
  getKey,
  rowHeight,
  renderRow,
  className,
  label,
  testId,
  empty,
  footer,
  onEndReached,
  focusRequest,
}: {
  items: readonly T[];
  getKey: (item: T) => string;
  rowHeight: (item: T) => number;
  renderRow: (item: T, index: number) => ReactNode;
  className?: string;
  label: string;
  testId: string;
  empty?: ReactNode;
  /** Shown under the last row (e.g. "Loading more…"). */
  footer?: ReactNode;
  onEndReached?: () => void;
  focusRequest?: FocusRequest | null;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = items.length > PLAIN_LIMIT;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rowHeight(items[index]!),
    getItemKey: (index) => getKey(items[index]!),
    overscan: 12,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastShown = virtualRows.at(-1)?.index ?? -1;

  // A long list asks for more when its last rows are rendered; a short one when it is scrolled
  // near its end, or when it does not fill its box.
  useEffect(() => {
    if (virtual && onEndReached && lastShown >= items.length - 5) onEndReached();
  }, [virtual, onEndReached, lastShown, items.length]);
  const checkPlainEnd = useCallback(() => {
    const box = scrollRef.current;
    if (virtual || !onEndReached || !box || items.length === 0) return;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - END_MARGIN_PX) onEndReached();
  }, [virtual, onEndReached, items.length]);
  useEffect(checkPlainEnd, [checkPlainEnd]);

  useEffect(() => {
    if (!focusRequest) return;
    const index = items.findIndex((item) => getKey(item) === focusRequest.key);
    if (index < 0) return;
    if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
    const frame = requestAnimationFrame(() => {
      const row = scrollRef.current?.querySelector<HTMLElement>(
        `[data-row-key="${CSS.escape(focusRequest.key)}"]`,
      );
      row?.focus();
      row?.scrollIntoView?.({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
    // only a new request moves focus, not every change of the list
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  return (
    <div
      ref={scrollRef}
      onScroll={onEndReached ? checkPlainEnd : undefined}
      role="list"
      aria-label={label}
      data-testid={testId}
      className={cn('relative overflow-auto rounded-md border border-border bg-card', className)}
    >
      {items.length === 0 && empty && (
        <p className="p-4 text-center text-sm text-muted-foreground">{empty}</p>
      )}
      {virtual ? (
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualRows.map((row) => (
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
          <div key={getKey(item)} role="listitem" style={{ height: rowHeight(item) }}>
            {renderRow(item, index)}
          </div>
        ))
      )}
      {footer}
    </div>
  );
}
