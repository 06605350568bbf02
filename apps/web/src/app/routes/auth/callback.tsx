import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { AuthPlaceholder } from './auth-placeholder';

const links = [{ to: paths.auth.login, label: 'Back to log in' }] as const;

/** `/auth/callback`: placeholder until the accounts feature arrives. */
export function CallbackScreen() {
  return <AuthPlaceholder info={SCREENS.authCallback} links={links} />;
}
