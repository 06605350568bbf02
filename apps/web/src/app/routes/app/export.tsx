import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/export`: placeholder until its feature arrives. */
export function ExportScreen() {
  return <PlaceholderScreen info={SCREENS.export} />;
}
