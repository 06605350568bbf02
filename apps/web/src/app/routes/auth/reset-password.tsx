import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { AuthPlaceholder } from './auth-placeholder';

const links = [{ to: paths.auth.login, label: 'Back to log in' }] as const;

/** `/auth/reset-password`: placeholder until the accounts feature arrives. */
export function ResetPasswordScreen() {
  return <AuthPlaceholder info={SCREENS.authResetPassword} links={links} />;
}
