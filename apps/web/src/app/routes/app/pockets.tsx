import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/pockets`: placeholder until its feature arrives. */
export function PocketsScreen() {
  return <PlaceholderScreen info={SCREENS.pockets} />;
}
