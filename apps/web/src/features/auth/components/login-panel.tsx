import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckInbox } from './check-inbox';
import { LoginForm } from './login-form';
import { OAuthButtons } from './oauth-buttons';
import { SignupForm } from './signup-form';

/** What the log-in screen shows. */
export type LoginPanelMode =
  | { kind: 'login' }
  | { kind: 'signup' }
  | { kind: 'check-inbox'; email: string; reason: 'signed-up' | 'unverified' };

/** Props of LoginPanel. */
export interface LoginPanelProps {
  /** Where to go after a login (inside /app, or an invitation page); sign-up carries it too. */
  next: string;
  /** Tells the screen which mode is shown, so it can title itself. */
  onModeChange?: (mode: LoginPanelMode['kind']) => void;
}

/**
 * The /auth/login body: log in, or switch to sign up; OAuth buttons above both; after a
 * sign-up (or a log-in with an unverified address) "Check your inbox".
 */
export function LoginPanel({ next, onModeChange }: LoginPanelProps) {
  const [mode, setModeState] = useState<LoginPanelMode>({ kind: 'login' });
  const setMode = (nextMode: LoginPanelMode) => {
    setModeState(nextMode);
    onModeChange?.(nextMode.kind);
  };
  const handleBackToLogin = () => setMode({ kind: 'login' });

  if (mode.kind === 'check-inbox') {
    return <CheckInbox email={mode.email} reason={mode.reason} onBack={handleBackToLogin} />;
  }

  const isLogin = mode.kind === 'login';
  return (
    <div className="flex flex-col gap-4">
      <OAuthButtons next={next} />
      {isLogin ? (
        <LoginForm
          onUnverified={(email) => setMode({ kind: 'check-inbox', email, reason: 'unverified' })}
        />
      ) : (
        <SignupForm
          next={next}
          onSignedUp={(email) => setMode({ kind: 'check-inbox', email, reason: 'signed-up' })}
        />
      )}
      <p className="text-center text-sm text-muted-foreground">
        {isLogin ? 'New to CodeDocs?' : 'Already have an account?'}{' '}
        <Button
          variant="link"
          className="h-auto p-0"
          data-testid={isLogin ? 'switch-to-signup' : 'switch-to-login'}
          onClick={() => setMode(isLogin ? { kind: 'signup' } : { kind: 'login' })}
        >
          {isLogin ? 'Create an account' : 'Log in instead'}
        </Button>
      </p>
    </div>
  );
}
