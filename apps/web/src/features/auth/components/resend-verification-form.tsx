import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { formFailure } from '@/lib/form-errors';
import { resendVerification } from '../api/resend-verification';
import { checkEmail } from '../validation';
import { MailOutboxLink } from './mail-outbox-link';

/** Asks for a new verification mail for an address the visitor types. */
export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: resendVerification });
  const failure = mutation.isError
    ? formFailure(mutation.error, ['email'] as const, 'Could not send the e-mail.')
    : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = checkEmail(email);
    setFieldError(error);
    if (!error) mutation.mutate(email.trim());
  };

  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert variant="success" data-testid="resend-verification-sent">
          {mutation.data?.message || `We sent a new link to ${mutation.variables}.`}
        </FormAlert>
        <MailOutboxLink />
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Request a new verification e-mail"
      className="flex flex-col gap-3"
    >
      {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
      <FormField
        id="resend-email"
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError ?? failure?.fieldErrors.email}
      />
      <SubmitButton pending={mutation.isPending} data-testid="resend-verification">
        Resend the e-mail
      </SubmitButton>
    </form>
  );
}
