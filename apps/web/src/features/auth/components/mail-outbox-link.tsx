import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MAIL_OUTBOX_URL, useAuthConfig } from '../api/get-auth-config';

/**
 * "Open the local outbox" when the server writes mails to its development outbox instead of
 * sending them (`mail_outbox` in the auth config), so a local user can still verify.
 */
export function MailOutboxLink() {
  const { data } = useAuthConfig();
  if (!data?.mail_outbox) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <Button asChild variant="secondary">
        <a href={MAIL_OUTBOX_URL} target="_blank" rel="noreferrer" data-testid="mail-outbox-link">
          <ExternalLink aria-hidden="true" />
          Open the local outbox
        </a>
      </Button>
      <p className="text-xs text-muted-foreground">
        This server has no mail server configured, so its mails are kept in a local outbox.
      </p>
    </div>
  );
}
