import { useSearchParams } from 'react-router';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { OAuthCallback } from '@/features/auth/components/oauth-callback';

/** `/auth/callback?provider=&code=&state=` (or `error=`): finishes an OAuth login. */
export function CallbackScreen() {
  const [searchParams] = useSearchParams();
  const param = (name: string) => searchParams.get(name) ?? '';
  return (
    <Screen info={SCREENS.authCallback} className="flex flex-col gap-4">
      <OAuthCallback
        provider={param('provider')}
        code={param('code')}
        state={param('state')}
        iss={param('iss')}
        error={param('error')}
        errorDescription={param('error_description')}
      />
    </Screen>
  );
}
