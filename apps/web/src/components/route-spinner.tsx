import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/**
 * The centred spinner shown while a lazy screen loads (role="status", aria-label "Loading",
 * data-testid "route-spinner"). `overlay` floats it over the current screen during navigation.
 */
export function RouteSpinner({ overlay = false }: { overlay?: boolean }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      data-testid="route-spinner"
      className={cn(
        'flex items-center justify-center',
        overlay
          ? 'pointer-events-none fixed inset-0 z-40 bg-background/40'
          : 'min-h-[60vh] w-full flex-1',
      )}
    >
      <Spinner className="size-8" />
    </div>
  );
}
