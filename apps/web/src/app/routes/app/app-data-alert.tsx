import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { retryFailedAppData, type AppDataFailure } from '../../app-data';
import type { AppStore } from '../../store';

/**
 * The /app loader's failure as a destructive alert above the screen (the app still renders),
 * with "Try again" for the lists that failed.
 */
export function AppDataAlert({ failure }: { failure: AppDataFailure | null }) {
  const store = useStore() as AppStore;
  const [shown, setShown] = useState(failure);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => setShown(failure), [failure]);
  if (!shown) return null;

  const handleRetry = async () => {
    setRetrying(true);
    try {
      setShown(await retryFailedAppData(store));
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Alert variant="destructive" role="alert" data-testid="app-data-error" className="mb-6">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-1">
        <p className="font-semibold">Some of your data could not be loaded.</p>
        <ul className="list-disc pl-5">
          {shown.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void handleRetry()}
        disabled={retrying}
        aria-busy={retrying || undefined}
      >
        {retrying && <Spinner className="size-3.5 text-current" />}
        Try again
      </Button>
    </Alert>
  );
}
