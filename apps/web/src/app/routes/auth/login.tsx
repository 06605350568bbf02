import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { AuthPlaceholder } from './auth-placeholder';

const links = [{ to: paths.auth.resetPassword, label: 'Forgot your password?' }] as const;

/** `/auth/login`: placeholder until the accounts feature arrives. */
export function LoginScreen() {
  return <AuthPlaceholder info={SCREENS.authLogin} links={links} />;
}
