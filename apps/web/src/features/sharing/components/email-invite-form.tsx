import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import {
  EMAIL_INVITATION_LIFETIME_SECONDS,
  EMAIL_SHARE_MAX_ADDRESSES,
  type EmailShareResponse,
} from '@codedocs/contract';
import { FormAlert } from '@/components/form-alert';
import { SubmitButton } from '@/components/submit-button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCreateEmailShares } from '../api/create-email-shares';
import { emailAddressesError, parseEmailAddresses } from '../email-addresses';
import { showShareFailure } from '../share-failure';

const INVITATION_DAYS = EMAIL_INVITATION_LIFETIME_SECONDS / (24 * 60 * 60);
const SERVER_FIELDS = { email_ids: 'emails' } as const;

/** Props of EmailInviteForm. */
export interface EmailInviteFormProps {
  folderId: string;
  onChanged: () => void;
}

function sentText({ invitations }: EmailShareResponse): string {
  const undelivered = invitations.filter((share) => share.status === 'undelivered');
  const sent = invitations.length - undelivered.length;
  const parts = [];
  if (sent > 0) parts.push(`Invitation sent to ${sent} ${sent === 1 ? 'address' : 'addresses'}.`);
  if (undelivered.length > 0) {
    parts.push(
      `The mail server refused the mail to ${undelivered.map((share) => share.email).join(', ')}: revoke the invitation, or check the address and invite again.`,
    );
  }
  return parts.join(' ');
}

/**
 * Invitations by e-mail: several addresses at once, checked before sending (each must be an
 * address; at most EMAIL_SHARE_MAX_ADDRESSES). E-mail shares grant viewer (spec section 5);
 * each address gets its own single-use link, listed below with its status.
 */
export function EmailInviteForm({ folderId, onChanged }: EmailInviteFormProps) {
  const invite = useCreateEmailShares(folderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<EmailShareResponse | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setSent(null);
    const parsed = parseEmailAddresses(text);
    const problem = emailAddressesError(parsed);
    setError(problem);
    if (problem) return;
    invite.mutate(parsed.addresses, {
      onSuccess: (answer) => {
        setText('');
        setSent(answer);
        onChanged();
      },
      onError: (failed) =>
        showShareFailure(failed, SERVER_FIELDS, 'The invitations were not sent', {
          field: (_field, message) => setError(message),
          form: setFormError,
        }),
    });
  };

  const describedBy = ['share-emails-hint', error && 'share-emails-error'].filter(Boolean);
  return (
    <section aria-labelledby="share-email-title" className="flex flex-col gap-3">
      <h3 id="share-email-title" className="flex items-center gap-2 font-medium">
        <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
        Invite by e-mail
      </h3>
      <form
        className="flex flex-col gap-3"
        onSubmit={handleSubmit}
        noValidate
        data-testid="share-email-form"
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="share-emails">E-mail addresses</Label>
          <Textarea
            id="share-emails"
            rows={2}
            value={text}
            autoComplete="off"
            spellCheck={false}
            placeholder="ada@example.com, grace@example.com"
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy.join(' ')}
            data-testid="share-emails"
          />
          {error && (
            <p
              id="share-emails-error"
              className="text-sm break-words text-destructive"
              data-testid="share-emails-error"
            >
              {error}
            </p>
          )}
          <p id="share-emails-hint" className="text-xs text-muted-foreground">
            Separate addresses with commas, spaces or new lines (up to {EMAIL_SHARE_MAX_ADDRESSES}).
            E-mail shares grant viewer: each address gets its own link, which works once, for an
            account with that address, within {INVITATION_DAYS} days.
          </p>
        </div>
        {formError && <FormAlert data-testid="share-email-error">{formError}</FormAlert>}
        {sent && (
          <FormAlert
            variant={
              sent.invitations.some((share) => share.status === 'undelivered')
                ? 'destructive'
                : 'success'
            }
            data-testid="share-email-sent"
          >
            {sentText(sent)}
          </FormAlert>
        )}
        <SubmitButton
          pending={invite.isPending}
          className="self-start"
          data-testid="share-email-submit"
        >
          Send invitations
        </SubmitButton>
      </form>
    </section>
  );
}
