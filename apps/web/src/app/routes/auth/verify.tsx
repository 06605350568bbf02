import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { AuthPlaceholder } from './auth-placeholder';

const links = [{ to: paths.auth.login, label: 'Back to log in' }] as const;

/** `/auth/verify`: placeholder until the accounts feature arrives. */
export function VerifyScreen() {
  return <AuthPlaceholder info={SCREENS.authVerify} links={links} />;
}
