import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { LoadStatus } from '@/lib/load-status';

/** What the connect dialog needs to know of a key. */
export interface SshKeyChoice {
  name: string;
  algorithm: string;
  fingerprint: string;
}

/** Props of SshKeyField. */
export interface SshKeyFieldProps {
  keys: SshKeyChoice[];
  status: LoadStatus;
  value: string;
  error?: string;
  onChange: (name: string) => void;
  onRetry: () => void;
}

/**
 * The key an SSH repo is cloned with: a labelled select of the user's keys (newest chosen by
 * default), or, without any key, a link to the settings page where one is generated.
 */
export function SshKeyField({ keys, status, value, error, onChange, onRetry }: SshKeyFieldProps) {
  if (status === 'idle' || (status === 'loading' && keys.length === 0)) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading your SSH keys…
      </p>
    );
  }
  if (status === 'failed' && keys.length === 0) {
    return (
      <div role="alert" className="flex items-center justify-between gap-2 text-sm">
        <span className="text-destructive">Your SSH keys could not be loaded.</span>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (keys.length === 0) {
    return (
      <p data-testid="connect-no-keys" className="text-sm text-muted-foreground">
        You have no SSH key yet.{' '}
        <Link
          to={paths.app.settings.authentication}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Generate one in Authentication settings
        </Link>
        , add its public key to your Git host, then come back.
      </p>
    );
  }
  const errorId = error ? 'connect-ssh-key-error' : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="connect-ssh-key">SSH key</Label>
      <select
        id="connect-ssh-key"
        data-testid="connect-ssh-key"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'h-9 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive',
        )}
      >
        {keys.map((key) => (
          <option key={key.name} value={key.name}>
            {key.name} ({key.algorithm})
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
