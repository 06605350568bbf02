import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { LoginPanel, type LoginPanelMode } from '@/features/auth/components/login-panel';
import { nextPathFrom } from '@/lib/next-path';

const TITLES: Record<LoginPanelMode['kind'], string> = {
  login: SCREENS.authLogin.title,
  signup: 'Sign up',
  'check-inbox': 'Check your inbox',
};

/** `/auth/login`: log in, sign up, OAuth; a successful login goes on to `next` or /app. */
export function LoginScreen() {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<LoginPanelMode['kind']>('login');
  const info = { ...SCREENS.authLogin, title: TITLES[mode] };
  return (
    <Screen info={info} className="flex flex-col gap-4">
      {mode !== 'check-inbox' && (
        <p className="text-sm text-muted-foreground">
          {mode === 'signup' ? 'Create your CodeDocs account.' : SCREENS.authLogin.description}
        </p>
      )}
      <LoginPanel next={nextPathFrom(searchParams)} onModeChange={setMode} />
    </Screen>
  );
}
