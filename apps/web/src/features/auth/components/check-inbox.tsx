import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MailOutboxLink } from './mail-outbox-link';
import { ResendVerificationButton } from './resend-verification-button';

/** Props of CheckInbox. */
export interface CheckInboxProps {
  email: string;
  /** Why the visitor is asked to look: just signed up, or tried to log in unverified. */
  reason: 'signed-up' | 'unverified';
  onBack: () => void;
}

/**
 * The body of the "Check your inbox" state (the screen draws the heading): names the address,
 * offers a new mail and, on a local install, the outbox.
 */
export function CheckInbox({ email, reason, onBack }: CheckInboxProps) {
  return (
    <div data-testid="check-inbox" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted-foreground" role="status">
            {reason === 'unverified' ? 'Your e-mail address is not verified yet. ' : ''}
            We sent a verification link to{' '}
            <strong data-testid="check-inbox-email" className="font-medium text-foreground">
              {email}
            </strong>
            . Open it to finish signing {reason === 'unverified' ? 'in' : 'up'}.
          </p>
        </div>
      </div>
      <MailOutboxLink />
      <ResendVerificationButton email={email} />
      <Button variant="link" className="h-auto self-start p-0" onClick={onBack}>
        Back to log in
      </Button>
    </div>
  );
}
