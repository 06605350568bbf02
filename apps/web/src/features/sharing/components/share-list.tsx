import { useMemo, useState } from 'react';
import { Globe, Link2, Mail, Trash2 } from 'lucide-react';
import type { Share } from '@codedocs/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Detail } from '@/components/detail';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useFolderShares } from '../api/folder-shares';
import { useRevokeShare } from '../api/revoke-share';
import { shareFailure } from '../share-failure';
import { isRevocable, ShareStatusBadge } from './share-status-badge';

/** Props of ShareList. */
export interface ShareListProps {
  folderId: string;
  /** The folder's owner: shares someone else made (an editor) say who. */
  ownerId: string;
  /** The owner sees every share; an editor the ones they made. */
  own: boolean;
  /** A share was revoked here. */
  onRevoked: (share: Share) => void;
  /** Says what was done to screen readers (a toast would take the dialog's first Escape). */
  onAnnounce: (text: string) => void;
}

const KIND_LABEL: Record<Share['kind'], string> = {
  public: 'Public link',
  private: 'Private link',
  email: 'E-mail invitation',
};
const KIND_ICON = { public: Globe, private: Link2, email: Mail } as const;

/** When the share stops working, in words that fit its kind and status. */
export function expiryText(share: Share): string {
  if (share.status === 'revoked') return `Revoked ${formatDateTime(share.revoked_at)}`;
  if (share.expires_at === null) {
    return share.kind === 'public' ? 'When turned off' : 'When revoked';
  }
  const at = formatDateTime(share.expires_at);
  if (share.status === 'expired') return `Expired ${at}`;
  if (share.kind === 'email') return `Use by ${at}`;
  return at;
}

/**
 * The folder's shares, newest first, a page at a time: kind (and address), permission, status,
 * expiry, opens and last opening, who used an invitation; Revoke after a confirmation. Loading,
 * empty and failed states of their own.
 */
export function ShareList({ folderId, ownerId, own, onRevoked, onAnnounce }: ShareListProps) {
  const query = useFolderShares(folderId);
  const shares = useMemo(
    () => query.data?.pages.flatMap((page) => page.shares) ?? [],
    [query.data],
  );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  return (
    <section aria-labelledby="share-list-title" className="flex min-w-0 flex-col gap-3">
      <h3 id="share-list-title" className="font-medium">
        {own ? 'Shares of this site' : 'Shares you made'}
      </h3>
      {query.isPending && (
        <div className="flex flex-col gap-2" aria-busy="true" data-testid="share-list-loading">
          <span className="sr-only" role="status">
            Loading shares
          </span>
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} className="h-24 w-full" />
          ))}
        </div>
      )}
      {query.isError && shares.length === 0 && (
        <LoadError
          message={failureMessage(query.error, 'The shares could not be loaded')}
          onRetry={() => void query.refetch()}
          data-testid="share-list-error"
        />
      )}
      {query.isSuccess && shares.length === 0 && (
        <p
          className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground"
          data-testid="share-list-empty"
        >
          {own ? 'Not shared yet.' : 'You have not shared this site yet.'} Links and invitations you
          make are listed here, with how often they were opened.
        </p>
      )}
      {shares.length > 0 && (
        <ul className="flex min-w-0 flex-col gap-2" data-testid="share-list">
          {shares.map((share) => (
            <ShareRow
              key={share.share_id}
              share={share}
              folderId={folderId}
              ownerId={ownerId}
              onRevoked={onRevoked}
              onAnnounce={onAnnounce}
            />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
          data-testid="share-list-more"
        >
          {isFetchingNextPage && <Spinner className="size-4" />}
          {isFetchNextPageError ? 'Try again' : 'Load more'}
        </Button>
      )}
    </section>
  );
}

function ShareRow({
  share,
  folderId,
  ownerId,
  onRevoked,
  onAnnounce,
}: Omit<ShareListProps, 'own'> & { share: Share }) {
  const revoke = useRevokeShare(folderId);
  const [confirming, setConfirming] = useState(false);
  const Icon = KIND_ICON[share.kind];
  const name = share.kind === 'email' ? (share.email ?? KIND_LABEL.email) : KIND_LABEL[share.kind];
  const madeBy = share.created_by.user_id === ownerId ? '' : ` by ${share.created_by.name}`;

  const handleRevoke = () =>
    revoke.mutate(share.share_id, {
      onSuccess: () => {
        onRevoked(share);
        onAnnounce(
          share.kind === 'email'
            ? `The invitation of ${name} is revoked`
            : `${KIND_LABEL[share.kind]} revoked`,
        );
      },
      onError: (error) =>
        // a row has no form: a refusal of any kind (a 429 too) is said in a toast
        toast({
          variant: 'destructive',
          title: `${KIND_LABEL[share.kind]} not revoked`,
          description: shareFailure(error, {}, 'The share was not revoked').message,
        }),
    });

  return (
    <li
      data-testid="share-row"
      data-kind={share.kind}
      data-status={share.status}
      aria-busy={revoke.isPending || undefined}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3"
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 truncate" title={name} data-testid="share-name">
              {name}
            </span>
          </p>
          <p className="text-xs text-muted-foreground">
            <span data-testid="share-permission">{share.permission}</span> · made{' '}
            {formatDateTime(share.created_at)}
            {madeBy}
          </p>
        </div>
        <ShareStatusBadge status={share.status} />
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Detail term="Expires" wrap>
          <span data-testid="share-expires">{expiryText(share)}</span>
        </Detail>
        <Detail term="Opens">
          <span data-testid="share-opens">{share.opens.toLocaleString()}</span>
        </Detail>
        <Detail term="Last opened" wrap>
          {formatDateTime(share.last_opened_at)}
        </Detail>
        {share.accepted_by && (
          <Detail term="Accepted by" wrap>
            <span data-testid="share-accepted-by">
              {share.accepted_by.name} · {formatDateTime(share.accepted_at)}
            </span>
          </Detail>
        )}
      </dl>
      {isRevocable(share.status) && (
        <Button
          variant="ghost"
          size="sm"
          className="self-end text-destructive hover:text-destructive"
          disabled={revoke.isPending}
          onClick={() => setConfirming(true)}
          aria-label={`Revoke ${KIND_LABEL[share.kind].toLowerCase()} ${share.kind === 'email' ? name : `made ${formatDateTime(share.created_at)}`}`}
          data-testid="share-revoke"
        >
          {revoke.isPending ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" />}
          Revoke
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke this ${KIND_LABEL[share.kind].toLowerCase()}?`}
        description={
          share.kind === 'email'
            ? `${name} can no longer open the site through this invitation, even if they already did. It cannot be undone; invite them again for a new link.`
            : 'The link stops working at once, also for pages already open, and whoever joined through it loses access. It cannot be undone; make a new link to share again.'
        }
        action="Revoke"
        onConfirm={handleRevoke}
        data-testid="share-confirm-dialog"
        confirmTestId="share-confirm"
      />
    </li>
  );
}
