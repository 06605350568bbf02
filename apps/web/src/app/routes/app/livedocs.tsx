import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/livedocs`: placeholder until its feature arrives. */
export function LivedocsScreen() {
  return <PlaceholderScreen info={SCREENS.livedocs} />;
}
