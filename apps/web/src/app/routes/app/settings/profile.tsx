import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/settings/profile`: placeholder until its feature arrives. */
export function ProfileScreen() {
  return <PlaceholderScreen info={SCREENS.settingsProfile} />;
}
