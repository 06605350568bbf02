import { KeyRound, Mail } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useSignInMethods } from '../api/get-sign-in-methods';

const PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', oidc: 'Single sign-on' };

/** How the account can sign in (`GET /api/v1/auth/methods`): password and linked providers. */
export function SignInMethodsCard() {
  const methods = useSignInMethods();
  return (
    <Card data-testid="sign-in-methods">
      <CardHeader>
        <CardTitle>Sign-in methods</CardTitle>
        <CardDescription>The ways you can sign in to this account.</CardDescription>
      </CardHeader>
      <CardContent>
        {methods.isPending && (
          <div role="status" aria-label="Loading sign-in methods">
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {methods.isError && (
          <LoadError
            message={failureMessage(methods.error, 'Could not load your sign-in methods.')}
            onRetry={() => void methods.refetch()}
          />
        )}
        {methods.data && (
          <ul className="divide-y divide-border text-sm">
            <li className="flex items-center gap-3 py-3" data-testid="method-password">
              <Mail className="size-5 text-muted-foreground" aria-hidden="true" />
              <span className="flex-1 font-medium">E-mail and password</span>
              <span className="text-muted-foreground">
                {methods.data.password ? 'Enabled' : 'No password set'}
              </span>
            </li>
            {methods.data.oauth.map((link) => (
              <li
                key={link.provider}
                className="flex items-center gap-3 py-3"
                data-testid={`method-${link.provider}`}
              >
                <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" />
                <span className="flex-1 font-medium">
                  {PROVIDER_NAMES[link.provider] ?? link.provider}
                </span>
                <span className="text-muted-foreground">
                  Linked {formatDateTime(link.linked_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
