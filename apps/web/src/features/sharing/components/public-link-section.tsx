import { useState } from 'react';
import { Globe } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useCreatePublicShare } from '../api/create-public-share';
import { useRevokeShare } from '../api/revoke-share';
import { showShareFailure } from '../share-failure';
import { NewLink } from './new-link';

/** Props of PublicLinkSection. */
export interface PublicLinkSectionProps {
  folderId: string;
  /** The live public link's share, or null when the folder has none. */
  publicShareId: string | null;
  onPublicShareChange: (shareId: string | null) => void;
  /** A share was made or revoked (the folder's summary is read again). */
  onChanged: () => void;
  /** Says what was done to screen readers (a toast would take the dialog's first Escape). */
  onAnnounce: (text: string) => void;
}

/**
 * The owner's public link: a switch that makes one (shown once, with Copy) or revokes it after
 * a confirmation, and "Make a new link" for a lost one (the old one stops working).
 */
export function PublicLinkSection({
  folderId,
  publicShareId,
  onPublicShareChange,
  onChanged,
  onAnnounce,
}: PublicLinkSectionProps) {
  const create = useCreatePublicShare(folderId);
  const revoke = useRevokeShare(folderId);
  const [link, setLink] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'off' | 'replace' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const on = publicShareId !== null;
  const pending = create.isPending || revoke.isPending;

  const report = (title: string) => (error: unknown) =>
    showShareFailure(error, {}, title, { form: setFormError });
  const handleMake = () => {
    setFormError(null);
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setLink(answer.url);
        onPublicShareChange(answer.share_id);
        onChanged();
        onAnnounce('New public link made');
      },
      onError: report('The public link was not made'),
    });
  };
  const handleTurnOff = () => {
    if (!publicShareId) return;
    setFormError(null);
    revoke.mutate(publicShareId, {
      onSuccess: () => {
        setLink(null);
        onPublicShareChange(null);
        onChanged();
        onAnnounce('The public link is off');
      },
      onError: report('The public link was not turned off'),
    });
  };

  return (
    <section
      aria-labelledby="share-public-title"
      className="flex flex-col gap-3"
      data-testid="share-public"
      data-public={on ? 'on' : 'off'}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id="share-public-title" className="flex items-center gap-2 font-medium">
            <Globe aria-hidden="true" className="size-4 text-muted-foreground" />
            <Label htmlFor="share-public-switch" className="text-base">
              Public link
            </Label>
          </h3>
          <p id="share-public-hint" className="text-sm text-muted-foreground">
            {on
              ? 'On: anyone with the link can read the site, without an account. Nobody can change it.'
              : 'Off: only people you share the site with below can open it.'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {pending && <Spinner className="size-4" />}
          <Switch
            id="share-public-switch"
            checked={on}
            disabled={pending}
            aria-describedby="share-public-hint"
            onCheckedChange={(checked) => (checked ? handleMake() : setConfirming('off'))}
            data-testid="share-public-switch"
          />
        </div>
      </div>
      {formError && <FormAlert data-testid="share-public-error">{formError}</FormAlert>}
      {link ? (
        <NewLink
          url={link}
          title="New public link"
          description="Anyone who has it can read the site until you turn the link off."
          onDone={() => setLink(null)}
          data-testid="share-public-link"
        />
      ) : (
        on && (
          <p className="text-sm text-muted-foreground">
            The link was shown once, when it was made.{' '}
            <Button
              type="button"
              variant="link"
              className="h-auto p-0"
              disabled={pending}
              onClick={() => setConfirming('replace')}
              data-testid="share-public-replace"
            >
              Make a new link
            </Button>{' '}
            if it is lost; the current one then stops working.
          </p>
        )
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'replace' ? 'Replace the public link?' : 'Turn off the public link?'}
        description={
          confirming === 'replace'
            ? 'The current link stops working at once, also for pages already open; you get a new one to share.'
            : 'Anyone who has the link can no longer open the site, also pages already open. Turning it on again makes a new link.'
        }
        action={confirming === 'replace' ? 'Make a new link' : 'Turn off'}
        onConfirm={confirming === 'replace' ? handleMake : handleTurnOff}
        data-testid="share-confirm-dialog"
        confirmTestId="share-confirm"
      />
    </section>
  );
}
