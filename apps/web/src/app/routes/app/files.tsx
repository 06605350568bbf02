import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/files`: placeholder until its feature arrives. */
export function FilesScreen() {
  return <PlaceholderScreen info={SCREENS.files} />;
}
