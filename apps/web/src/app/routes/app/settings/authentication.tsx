import { KeySquare } from 'lucide-react';
import { Screen } from '@/components/screen';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SCREENS } from '@/config/screens';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { SignInMethodsCard } from '@/features/auth/components/sign-in-methods-card';

/** `/app/settings/authentication`: password, sessions, sign-in methods; SSH keys later. */
export function AuthenticationScreen() {
  return (
    <Screen info={SCREENS.settingsAuthentication} className="flex max-w-2xl flex-col gap-6">
      <p className="text-muted-foreground">{SCREENS.settingsAuthentication.description}</p>
      <ChangePasswordForm />
      <SessionsCard />
      <SignInMethodsCard />
      <Card data-testid="ssh-keys-placeholder">
        <CardHeader>
          <CardTitle>SSH keys</CardTitle>
          <CardDescription>Keys CodeDocs uses to clone your repositories over SSH.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-start gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
            <KeySquare className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>SSH keys arrive with repository connections.</p>
          </div>
        </CardContent>
      </Card>
    </Screen>
  );
}
