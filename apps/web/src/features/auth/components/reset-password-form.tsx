import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { formFailure } from '@/lib/form-errors';
import { requestPasswordReset } from '../api/request-password-reset';
import { checkEmail } from '../validation';

/** The answer shown after a reset request when the server gives no message of its own. */
export function resetRequestedMessage(email: string): string {
  return `If an account exists for ${email}, we sent a link to choose a new password.`;
}

/** Asks for a password-reset link; the answer is the same for known and unknown addresses. */
export function ResetPasswordForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const failure = mutation.isError
    ? formFailure(mutation.error, ['email'] as const, 'Could not send the link.')
    : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = checkEmail(email);
    setFieldError(error);
    if (!error) mutation.mutate(email.trim());
  };

  if (mutation.isSuccess) {
    return (
      <FormAlert variant="success" data-testid="reset-password-sent">
        {mutation.data?.message || resetRequestedMessage(mutation.variables)}
      </FormAlert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Reset password"
      data-testid="reset-password-form"
      className="flex flex-col gap-4"
    >
      {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
      <FormField
        id="reset-email"
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError ?? failure?.fieldErrors.email}
      />
      <SubmitButton pending={mutation.isPending} data-testid="reset-password-submit">
        Send the link
      </SubmitButton>
    </form>
  );
}
