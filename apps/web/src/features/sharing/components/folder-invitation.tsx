import { FolderLock, LogIn, SquareArrowOutUpRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InvitePreviewResponse, PrivateFolderResponse } from '@codedocs/contract';
import { FormAlert } from '@/components/form-alert';
import { LoadError } from '@/components/load-error';
import { TextLink } from '@/components/text-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, failureMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useInvitePreview } from '../api/get-invite-preview';
import { useOpenPrivateShare } from '../api/open-private-share';

/** Shown for a link that expired, was revoked or never existed (the server does not say which). */
export const INVITATION_UNAVAILABLE =
  'This invitation has expired or was revoked. Ask the person who shared the folder for a new link.';

const PERMISSION_TEXT: Record<InvitePreviewResponse['permission'], string> = {
  viewer: 'Viewer: you can read the site',
  editor: 'Editor: you can read, update and download the site, and share it as viewer',
};

/** Props of FolderInvitation. */
export interface FolderInvitationProps {
  slug: string;
  loggedIn: boolean;
  /** Where "Log in to open" leads: the login page, which comes back here afterwards. */
  loginPath: string;
  /** Leaves the app for the folder's site (served on its own origin or sandboxed). */
  onOpenSite: (url: string) => void;
}

function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function throttledMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const wait = error.retryAfter ? ` in ${error.retryAfter} seconds` : ' later';
  return `Too many links were tried from your address. Try again${wait}.`;
}

function Unavailable() {
  return (
    <div className="flex flex-col gap-4" data-testid="invite-unavailable">
      <FormAlert>{INVITATION_UNAVAILABLE}</FormAlert>
      <Button asChild variant="outline">
        <Link to={paths.app.root}>Go to CodeDocs</Link>
      </Button>
    </div>
  );
}

function InvitationDetails({ preview }: { preview: InvitePreviewResponse }) {
  const expiresLabel = preview.kind === 'email' ? 'Use it by' : 'Link expires';
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-muted p-4 text-sm">
      <div className="flex items-start gap-3">
        <FolderLock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium break-words" data-testid="invite-folder-name">
            {preview.folder.name}
          </p>
          <p className="text-muted-foreground">
            Shared by <span data-testid="invite-owner">{preview.folder.owner.name}</span>
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Permission</dt>
        <dd className="flex flex-col items-start gap-1">
          <Badge variant="secondary" data-testid="invite-permission">
            {preview.permission}
          </Badge>
          <span className="text-muted-foreground">{PERMISSION_TEXT[preview.permission]}</span>
        </dd>
        {preview.expires_at && (
          <>
            <dt className="text-muted-foreground">{expiresLabel}</dt>
            <dd data-testid="invite-expires">{formatDateTime(preview.expires_at)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/**
 * The invitation to a private folder (`/invite/folder/private/:slug`): what is shared, by whom
 * and with which permission, then "Open" for a logged-in visitor (the folder joins their shared
 * list and the site opens) or "Log in to open", which comes back here. An expired or revoked
 * link says so.
 */
export function FolderInvitation({ slug, loggedIn, loginPath, onOpenSite }: FolderInvitationProps) {
  const preview = useInvitePreview(slug);
  const open = useOpenPrivateShare();
  const [opened, setOpened] = useState<PrivateFolderResponse | null>(null);

  if (preview.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading the invitation…
      </div>
    );
  }
  if (preview.isError) {
    if (isUnavailable(preview.error)) return <Unavailable />;
    return (
      <LoadError
        message={
          throttledMessage(preview.error) ??
          failureMessage(preview.error, 'The invitation could not be loaded.')
        }
        onRetry={() => void preview.refetch()}
      />
    );
  }
  if (isUnavailable(open.error)) return <Unavailable />;

  const handleOpen = () => {
    open.mutate(slug, {
      onSuccess: (answer) => {
        setOpened(answer);
        if (answer.site) onOpenSite(answer.site.url);
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <InvitationDetails preview={preview.data} />
      {open.isError && (
        <FormAlert data-testid="invite-open-error">
          {throttledMessage(open.error) ??
            failureMessage(open.error, 'The folder could not be opened.')}
        </FormAlert>
      )}
      {opened && (
        <FormAlert variant="success" data-testid="invite-opened">
          {opened.site
            ? 'The folder is on your list of folders shared with you. Opening its site…'
            : 'The folder is on your list of folders shared with you. Its site is still being built: open it from Export once it is ready.'}{' '}
          <TextLink to={paths.app.export}>Go to Export</TextLink>
        </FormAlert>
      )}
      {loggedIn ? (
        <Button
          onClick={handleOpen}
          disabled={open.isPending}
          aria-busy={open.isPending || undefined}
          data-testid="invite-open"
        >
          {open.isPending ? (
            <Spinner className="size-4 text-current" />
          ) : (
            <SquareArrowOutUpRight aria-hidden="true" />
          )}
          Open
        </Button>
      ) : (
        <>
          <Button asChild data-testid="invite-login">
            <Link to={loginPath}>
              <LogIn aria-hidden="true" />
              Log in to open
            </Link>
          </Button>
          <p className="text-sm text-muted-foreground">
            New to CodeDocs? Create an account from the log-in page
            {preview.data.kind === 'email' ? ' with the address this invitation was sent to' : ''};
            you come back here afterwards.
          </p>
        </>
      )}
    </div>
  );
}
