import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@codedocs/contract';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { formFailure } from '@/lib/form-errors';
import { setPassword } from '../api/set-password';
import { checkConfirmation, checkNewPassword, onlyErrors, PASSWORD_RULE_HINT } from '../validation';

type Field = 'password' | 'confirmation';

/** Chooses a new password with the token of a reset link (`/auth/setpassword?token=`). */
export function SetPasswordForm({ token }: { token: string }) {
  const [password, setPasswordValue] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useMutation({ mutationFn: setPassword });
  const failure = mutation.isError
    ? formFailure(mutation.error, ['password'] as const, 'Could not set the password.')
    : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = onlyErrors<Field>({
      password: checkNewPassword(password),
      confirmation: checkConfirmation(password, confirmation),
    });
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) mutation.mutate({ token, password });
  };

  if (!token) {
    return (
      <FormAlert data-testid="set-password-error">
        This link has no token.{' '}
        <TextLink to={paths.auth.resetPassword}>Ask for a new link</TextLink>.
      </FormAlert>
    );
  }

  if (mutation.isSuccess) {
    return (
      <FormAlert variant="success" data-testid="set-password-done">
        Your password has been changed.{' '}
        <TextLink to={paths.auth.login} data-testid="set-password-login-link">
          Log in
        </TextLink>{' '}
        with your new password.
      </FormAlert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Set password"
      data-testid="set-password-form"
      className="flex flex-col gap-4"
    >
      {failure?.formError && (
        <FormAlert data-testid="set-password-error">
          {failure.formError}{' '}
          <TextLink to={paths.auth.resetPassword} data-testid="set-password-reset-again">
            Ask for a new link
          </TextLink>
          .
        </FormAlert>
      )}
      <FormField
        id="set-password-new"
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        autoFocus
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={PASSWORD_RULE_HINT}
        value={password}
        onChange={(event) => setPasswordValue(event.target.value)}
        error={fieldErrors.password ?? failure?.fieldErrors.password}
      />
      <FormField
        id="set-password-confirm"
        label="Repeat the new password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={fieldErrors.confirmation}
      />
      <SubmitButton pending={mutation.isPending} data-testid="set-password-submit">
        Set password
      </SubmitButton>
    </form>
  );
}
