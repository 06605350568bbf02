import { Screen } from '@/components/screen';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** `/auth/reset-password`: asks for a link to choose a new password. */
export function ResetPasswordScreen() {
  return (
    <Screen info={SCREENS.authResetPassword} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <ResetPasswordForm />
      <TextLink to={paths.auth.login} className="self-start text-sm">
        Back to log in
      </TextLink>
    </Screen>
  );
}
