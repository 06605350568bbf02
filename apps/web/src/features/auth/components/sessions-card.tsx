import { Laptop } from 'lucide-react';
import type { SessionInfo } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useRevokeSession, useSessions } from '../api/get-sessions';

/** A readable device name from a user agent string. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}

function SessionRow({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.user_agent);
  const handleRevoke = () =>
    revoke.mutate(session.session_id, {
      onSuccess: () => toast({ title: 'Session signed out', description: device }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not sign the session out',
          description: failureMessage(error, 'Please try again.'),
        }),
    });
  return (
    <li
      data-testid="session-row"
      data-current={session.current || undefined}
      className="flex flex-wrap items-center gap-3 py-3"
    >
      <Laptop className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2 font-medium">
          {device}
          {session.current && (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">
              This session
            </span>
          )}
        </span>
        <span className="text-xs text-muted-foreground">
          {session.ip ? `${session.ip} · ` : ''}Last active {formatDateTime(session.last_seen_at)} ·
          Signed in {formatDateTime(session.created_at)}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          onClick={handleRevoke}
          disabled={revoke.isPending}
          aria-label={`Sign out ${device}, last active ${formatDateTime(session.last_seen_at)}`}
        >
          {revoke.isPending && <Spinner className="size-3.5 text-current" />}
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The account's active sessions (`GET /api/v1/auth/sessions`); others can be signed out. */
export function SessionsCard() {
  const sessions = useSessions();
  return (
    <Card data-testid="sessions">
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Browsers signed in to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending && (
          <div role="status" aria-label="Loading sessions" className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {sessions.isError && (
          <LoadError
            message={failureMessage(sessions.error, 'Could not load your sessions.')}
            onRetry={() => void sessions.refetch()}
          />
        )}
        {sessions.data &&
          (sessions.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active sessions.</p>
          ) : (
            <ul className="divide-y divide-border text-sm">
              {[...sessions.data]
                .sort((a, b) => Number(b.current) - Number(a.current))
                .map((session) => (
                  <SessionRow key={session.session_id} session={session} />
                ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  );
}
