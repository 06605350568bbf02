import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { SignInMethodsCard } from '@/features/auth/components/sign-in-methods-card';
import { SshKeysCard } from '@/features/ssh-keys/components/ssh-keys-card';

/** `/app/settings/authentication`: password, sessions, sign-in methods and SSH keys. */
export function AuthenticationScreen() {
  return (
    <Screen info={SCREENS.settingsAuthentication} className="flex max-w-2xl flex-col gap-6">
      <p className="text-muted-foreground">{SCREENS.settingsAuthentication.description}</p>
      <ChangePasswordForm />
      <SessionsCard />
      <SignInMethodsCard />
      <SshKeysCard />
    </Screen>
  );
}
