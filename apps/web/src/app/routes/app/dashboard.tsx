import { Construction } from 'lucide-react';
import { Screen } from '@/components/screen';
import { Skeleton } from '@/components/ui/skeleton';
import { SCREENS } from '@/config/screens';
import { selectProfile } from '@/features/profile/store/profile-slice';
import { useAppSelector } from '../../hooks';

/** `/app/dashboard`: greets the user by name; the overview arrives with its feature. */
export function DashboardScreen() {
  const profile = useAppSelector(selectProfile);
  return (
    <Screen info={SCREENS.dashboard} className="flex flex-col gap-4">
      {profile ? (
        <p data-testid="dashboard-greeting" className="text-lg">
          Welcome, {profile.name || profile.email}.
        </p>
      ) : (
        <Skeleton className="h-7 w-48" />
      )}
      <p className="max-w-prose text-muted-foreground">{SCREENS.dashboard.description}</p>
      <div
        data-testid="screen-placeholder"
        className="flex max-w-prose items-start gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground"
      >
        <Construction className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>This screen is being built; its tools arrive with the feature it belongs to.</p>
      </div>
    </Screen>
  );
}
