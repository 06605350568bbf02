import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/dashboard`: placeholder until its feature arrives. */
export function DashboardScreen() {
  return <PlaceholderScreen info={SCREENS.dashboard} />;
}
