import { useEffect, useRef, useState } from 'react';

/** Options of useLoadMoreOnScroll. */
export interface LoadMoreOnScrollOptions {
  /** False while a page loads, after the last page, or after a failure (the button retries). */
  enabled: boolean;
  onLoadMore: () => void;
  /** How far before the sentinel comes into view the next page is asked for. */
  rootMargin?: string;
}

/**
 * "Load more on scroll": returns a ref for a sentinel element under a list; when it comes into
 * view (inside any scroll box) `onLoadMore` runs. The observer is made again each time
 * `enabled` turns on, so a sentinel still in view after a short page asks for the next one.
 * Without IntersectionObserver nothing happens: the list's "Load more" button stays the way.
 */
export function useLoadMoreOnScroll({
  enabled,
  onLoadMore,
  rootMargin = '200px',
}: LoadMoreOnScrollOptions): (element: Element | null) => void {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    if (!sentinel || !enabled || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, enabled, rootMargin]);

  return setSentinel;
}
