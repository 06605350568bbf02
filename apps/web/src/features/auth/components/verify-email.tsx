import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { useRunOnce } from '@/hooks/use-run-once';
import { failureMessage } from '@/lib/api-error';
import { verifyEmail } from '../api/verify-email';
import { useStartSession } from '../hooks/use-start-session';
import { OneShotPending } from './one-shot-status';
import { ResendVerificationForm } from './resend-verification-form';

const MISSING_TOKEN = 'This verification link is incomplete: it has no token.';

/**
 * Posts the token of the mailed link once (StrictMode-safe) and logs in; an invalid, used or
 * expired token shows the error and a way to get a new mail.
 */
export function VerifyEmail({ token }: { token: string }) {
  const startSession = useStartSession();
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  useRunOnce(() => {
    if (!token) return;
    verifyEmail(token)
      .then((session) => startSession(session))
      .catch((failure: unknown) =>
        setError(failureMessage(failure, 'This verification link is not valid.')),
      );
  });

  if (!error) return <OneShotPending label="Verifying your e-mail address…" />;
  return (
    <div className="flex flex-col gap-4">
      <FormAlert data-testid="verify-error">{error}</FormAlert>
      <p className="text-sm text-muted-foreground">
        Links work once and expire. Ask for a new one below, or{' '}
        <TextLink to={paths.auth.login}>go back to log in</TextLink>.
      </p>
      <ResendVerificationForm />
    </div>
  );
}
