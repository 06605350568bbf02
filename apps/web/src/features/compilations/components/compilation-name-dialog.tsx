import { useState, type FormEvent, type ReactNode } from 'react';
import { COMPILATION_NAME_MAX_LENGTH } from '@codedocs/contract';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';

/** Checks a compilation name as the server will (trimmed, 1 to 100 characters). */
export function compilationNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name';
  if (trimmed.length > COMPILATION_NAME_MAX_LENGTH) {
    return `At most ${COMPILATION_NAME_MAX_LENGTH} characters`;
  }
  return null;
}

/** Props of CompilationNameDialog. */
export interface CompilationNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; resolves with the server's refusal (e.g. a taken name) or null. */
  onSubmit: (name: string) => Promise<string | null>;
}

/** The create and rename dialog of a pocket: one name field, the server's refusal under it. */
export function CompilationNameDialog({
  open,
  onOpenChange,
  ...props
}: CompilationNameDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="pocket-name-dialog">
        {/* mounted per opening, so the field starts from the current name */}
        {open && <NameForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function NameForm({
  title,
  description,
  submitLabel,
  initialName = '',
  onSubmit,
}: Omit<CompilationNameDialogProps, 'open' | 'onOpenChange'>) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = compilationNameError(name);
    setError(invalid);
    if (invalid) return;
    setPending(true);
    const refusal = await onSubmit(name.trim());
    setPending(false);
    setError(refusal);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      <FormField
        id="pocket-name"
        label="Name"
        value={name}
        autoFocus
        autoComplete="off"
        maxLength={COMPILATION_NAME_MAX_LENGTH + 20}
        onChange={(event) => setName(event.target.value)}
        error={error}
        data-testid="pocket-name-input"
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={pending} data-testid="pocket-name-submit">
          {submitLabel}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
