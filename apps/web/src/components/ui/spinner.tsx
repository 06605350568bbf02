import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A decorative spinning icon; wrap it in an element with role="status" to announce it. */
export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('size-6 animate-spin text-muted-foreground', className)}
      {...props}
    />
  );
}
