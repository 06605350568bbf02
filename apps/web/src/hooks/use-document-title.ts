import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/config/constants';

/** Formats a page title as "Repositories · CodeDocs" (the product name alone when equal). */
export function formatDocumentTitle(title: string): string {
  return title === PRODUCT_NAME ? PRODUCT_NAME : `${title} · ${PRODUCT_NAME}`;
}

/** Sets `document.title` for the screen while it is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
