import type { ReactNode } from 'react';
import type { ScreenInfo } from '@/config/screens';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

/** Props of Screen. */
export interface ScreenProps {
  info: ScreenInfo;
  children?: ReactNode;
  className?: string;
  /** Show the title as the page's <h1> (default); off when the layout draws its own heading. */
  showHeading?: boolean;
}

/** The root of every page: sets `document.title`, the `screen-…` test id and the <h1>. */
export function Screen({ info, children, className, showHeading = true }: ScreenProps) {
  useDocumentTitle(info.title);
  return (
    <section
      data-testid={info.testId}
      aria-labelledby={`${info.testId}-title`}
      className={className}
    >
      <h1
        id={`${info.testId}-title`}
        className={cn('text-2xl font-semibold tracking-tight', !showHeading && 'sr-only')}
      >
        {info.title}
      </h1>
      {children}
    </section>
  );
}
