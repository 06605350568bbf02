import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { AuthPlaceholder } from './auth-placeholder';

const links = [{ to: paths.auth.login, label: 'Back to log in' }] as const;

/** `/auth/setpassword`: placeholder until the accounts feature arrives. */
export function SetPasswordScreen() {
  return <AuthPlaceholder info={SCREENS.authSetPassword} links={links} />;
}
