import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

/** Props of FormField: an Input's props plus its label, hint and error. */
export interface FormFieldProps extends ComponentProps<typeof Input> {
  label: ReactNode;
  /** Helper text under the field (e.g. length rules). */
  hint?: ReactNode;
  /** The field's error, shown under it and announced with the field (aria-describedby). */
  error?: string | null;
  /** Something to show at the right of the label row (e.g. a "Forgot your password?" link). */
  labelAside?: ReactNode;
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function FormField({
  label,
  hint,
  error,
  labelAside,
  id,
  className,
  ...props
}: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {error && (
        <p id={errorId} data-testid={`${inputId}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
