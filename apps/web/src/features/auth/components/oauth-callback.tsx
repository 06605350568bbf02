import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useRunOnce } from '@/hooks/use-run-once';
import { failureMessage } from '@/lib/api-error';
import { completeOAuth } from '../api/oauth';
import { useStartSession } from '../hooks/use-start-session';
import { OneShotPending } from './one-shot-status';

/** The query of `/auth/callback` as the provider (through our server) returns it. */
export interface OAuthCallbackParams {
  provider: string;
  code: string;
  state: string;
  /** The provider's issuer (RFC 9207), passed on when present. */
  iss: string;
  /** Set when the provider refused or the visitor cancelled. */
  error: string;
  errorDescription: string;
}

function initialError({ provider, code, state, error, errorDescription }: OAuthCallbackParams) {
  if (error) return `Sign-in was not completed: ${errorDescription || error}.`;
  if (!provider || !code || !state) return 'This sign-in link is incomplete.';
  return null;
}

/**
 * Posts `{code, state}` once (StrictMode-safe) and logs in, going on to the `next` path the
 * server kept from authorize; a failure leads back to log in.
 */
export function OAuthCallback(params: OAuthCallbackParams) {
  const startSession = useStartSession();
  const [error, setError] = useState<string | null>(() => initialError(params));
  useRunOnce(() => {
    if (initialError(params)) return;
    const body = { code: params.code, state: params.state, ...(params.iss && { iss: params.iss }) };
    completeOAuth(params.provider, body)
      .then((session) => startSession(session, session.next))
      .catch((failure: unknown) => setError(failureMessage(failure, 'Sign-in failed.')));
  });

  if (!error) return <OneShotPending label="Finishing sign-in…" />;
  return (
    <div className="flex flex-col gap-4">
      <FormAlert data-testid="callback-error">{error}</FormAlert>
      <Button asChild>
        <Link to={paths.auth.login} data-testid="callback-back-to-login">
          Back to log in
        </Link>
      </Button>
    </div>
  );
}
