import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/**
 * A progress bar (role="progressbar"); `value` out of `max` (100 by default), or indeterminate
 * when `value` is null. Give it an accessible name with `aria-label` or `aria-labelledby`.
 */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value === null || value === undefined ? null : (value / (max || 1)) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full bg-primary transition-all',
          percent === null ? 'w-1/3 animate-pulse' : 'w-full',
        )}
        style={percent === null ? undefined : { transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
