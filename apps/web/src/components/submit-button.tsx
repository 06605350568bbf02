import { Spinner } from '@/components/ui/spinner';
import { Button, type ButtonProps } from '@/components/ui/button';

/** Props of SubmitButton. */
export interface SubmitButtonProps extends ButtonProps {
  /** While true the button is disabled, busy and shows a spinner. */
  pending: boolean;
}

/** A form's submit button that turns into a disabled spinner while the request runs. */
export function SubmitButton({ pending, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <Spinner className="size-4 text-current" />}
      {children}
    </Button>
  );
}
