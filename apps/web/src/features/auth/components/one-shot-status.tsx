import { RouteSpinner } from '@/components/route-spinner';

/** The centred "working on it" state of the verify and callback screens. */
export function OneShotPending({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-2" data-testid="auth-pending">
      <div className="[&_[role=status]]:min-h-0 [&_[role=status]]:py-4">
        <RouteSpinner />
      </div>
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
