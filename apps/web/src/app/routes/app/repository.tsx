import { PlaceholderScreen } from '@/components/placeholder-screen';
import { SCREENS } from '@/config/screens';

/** `/app/repository`: placeholder until its feature arrives. */
export function RepositoryScreen() {
  return <PlaceholderScreen info={SCREENS.repository} />;
}
