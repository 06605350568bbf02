import { useSearchParams } from 'react-router';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { SetPasswordForm } from '@/features/auth/components/set-password-form';

/** `/auth/setpassword?token=`: chooses a new password from the mailed reset link. */
export function SetPasswordScreen() {
  const [searchParams] = useSearchParams();
  return (
    <Screen info={SCREENS.authSetPassword} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{SCREENS.authSetPassword.description}</p>
      <SetPasswordForm token={searchParams.get('token') ?? ''} />
    </Screen>
  );
}
