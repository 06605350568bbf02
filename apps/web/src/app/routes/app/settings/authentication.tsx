import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/settings/authentication`: placeholder until its feature arrives. */
export function AuthenticationScreen() {
  return <PlaceholderScreen info={SCREENS.settingsAuthentication} />;
}
