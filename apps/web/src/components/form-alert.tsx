import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';

/** Props of FormAlert. */
export interface FormAlertProps {
  children: ReactNode;
  variant?: 'destructive' | 'success';
  'data-testid'?: string;
}

/**
 * A message about a whole form: failures interrupt (role="alert"), successes are announced
 * politely (role="status").
 */
export function FormAlert({ children, variant = 'destructive', ...props }: FormAlertProps) {
  const failure = variant === 'destructive';
  const Icon = failure ? CircleAlert : CircleCheck;
  return (
    <Alert
      role={failure ? 'alert' : 'status'}
      variant={failure ? 'destructive' : 'default'}
      data-testid={props['data-testid'] ?? (failure ? 'form-error' : 'form-success')}
    >
      <Icon
        className={
          failure
            ? 'mt-0.5 size-4 shrink-0 text-destructive'
            : 'mt-0.5 size-4 shrink-0 text-primary'
        }
        aria-hidden="true"
      />
      <div className="flex-1 [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 [&_a:hover]:underline">
        {children}
      </div>
    </Alert>
  );
}
