import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { formatDateTime } from '@/lib/format';
import {
  deleteSshKeyByName,
  fetchSshKeys,
  selectSshKeysState,
  type SshKeyItem,
} from '../store/ssh-keys-slice';
import { DeleteSshKeyDialog } from './delete-ssh-key-dialog';
import { GenerateSshKeyDialog } from './generate-ssh-key-dialog';

function SshKeyRow({ sshKey }: { sshKey: SshKeyItem }) {
  const dispatch = useAppDispatch();
  const handleDelete = async () => {
    const result = await dispatch(deleteSshKeyByName(sshKey.name));
    if (deleteSshKeyByName.fulfilled.match(result)) {
      toast({ title: 'SSH key deleted', description: sshKey.name });
    } else {
      toast({
        variant: 'destructive',
        title: 'Could not delete the key',
        description: result.payload?.message,
      });
    }
  };
  return (
    <li
      data-testid="ssh-key-row"
      data-key-name={sshKey.name}
      aria-busy={sshKey.status === 'deleting' || undefined}
      className="flex flex-wrap items-center gap-3 py-3"
    >
      <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-center gap-2">
          <span className="font-medium">{sshKey.name}</span>
          <Badge variant="outline">{sshKey.algorithm}</Badge>
          {sshKey.status === 'deleting' && (
            <span role="status" className="flex items-center gap-1 text-xs text-muted-foreground">
              <Spinner className="size-3" />
              Deleting…
            </span>
          )}
        </div>
        <code className="truncate font-mono text-xs text-muted-foreground">
          {sshKey.fingerprint}
        </code>
        <span className="text-xs text-muted-foreground">
          Created {formatDateTime(sshKey.date_created)}
        </span>
        {sshKey.status === 'error' && sshKey.error && (
          <p role="alert" className="text-xs text-destructive">
            {sshKey.error}
          </p>
        )}
      </div>
      <DeleteSshKeyDialog
        name={sshKey.name}
        disabled={sshKey.status === 'deleting'}
        onConfirm={() => void handleDelete()}
      />
    </li>
  );
}

/** The SSH keys section of the authentication settings: list, generate, delete. */
export function SshKeysCard() {
  const dispatch = useAppDispatch();
  const { items, status, error } = useAppSelector(selectSshKeysState);

  useEffect(() => {
    if (status === 'idle') void dispatch(fetchSshKeys());
  }, [dispatch, status]);

  return (
    <Card data-testid="ssh-keys">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>SSH keys</CardTitle>
          <CardDescription>Keys CodeDocs uses to clone your repositories over SSH.</CardDescription>
        </div>
        <GenerateSshKeyDialog />
      </CardHeader>
      <CardContent>
        {status === 'failed' && items.length === 0 && (
          <LoadError
            message={error ?? ''}
            onRetry={() => void dispatch(fetchSshKeys())}
            data-testid="ssh-keys-error"
          />
        )}
        {(status === 'idle' || status === 'loading') && items.length === 0 && (
          <div className="flex flex-col gap-2" data-testid="ssh-keys-loading">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {status === 'succeeded' && items.length === 0 && (
          <p data-testid="ssh-keys-empty" className="text-sm text-muted-foreground">
            No keys yet. Generate one to connect repositories over SSH.
          </p>
        )}
        {items.length > 0 && (
          <ul className="divide-y divide-border" aria-label="SSH keys">
            {items.map((sshKey) => (
              <SshKeyRow key={sshKey.name} sshKey={sshKey} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
