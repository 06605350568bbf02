import { CircleAlert, RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** Props of LoadError. */
export interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  'data-testid'?: string;
}

/** A failed load inside a card or page, with "Try again". */
export function LoadError({ message, onRetry, ...props }: LoadErrorProps) {
  return (
    <Alert variant="destructive" role="alert" data-testid={props['data-testid'] ?? 'load-error'}>
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p className="flex-1">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </Alert>
  );
}
