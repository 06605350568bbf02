import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/settings/parser`: placeholder until its feature arrives. */
export function ParserScreen() {
  return <PlaceholderScreen info={SCREENS.settingsParser} />;
}
