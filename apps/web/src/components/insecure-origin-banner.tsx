import { TriangleExclamationPoint, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isInsecureOrigin } from '@/lib/cookies';

const DISMISSED_KEY = 'insecureOriginNoticeDismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Recommends https when the app runs on a plain-http address other than localhost, where the
 * sign-in cookie falls back to a weaker form (DESIGN.md section 5). Dismissed for the tab.
 */
export function InsecureOriginBanner() {
  const [visible, setVisible] = useState(() => isInsecureOrigin() && !wasDismissed());
  if (!visible) return null;

  const handleDismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Without storage the notice simply returns on the next page load.
    }
    setVisible(false);
  };

  return (
    <Alert
      variant="warning"
      data-testid="insecure-origin-banner"
      className="rounded-none border-x-0 border-t-0"
    >
      <TriangleExclamationPoint
        className="mt-0.5 size-4 shrink-0 text-warning"
        aria-hidden="true"
      />
      <p className="flex-1">
        <strong className="font-semibold">This connection is not secure.</strong> CodeDocs is open
        over plain http, so your sign-in cookie cannot be marked Secure. Serve it over https (or
        open it on localhost) to keep your session safe.
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="-my-1.5 size-7"
        aria-label="Dismiss notice"
        onClick={handleDismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </Alert>
  );
}
