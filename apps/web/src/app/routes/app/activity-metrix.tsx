import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/activity-metrix`: placeholder until its feature arrives. */
export function ActivityMetrixScreen() {
  return <PlaceholderScreen info={SCREENS.activityMetrix} />;
}
