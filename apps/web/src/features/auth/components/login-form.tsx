import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorCode, type LoginRequest } from '@codedocs/contract';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { formFailure } from '@/lib/form-errors';
import { login } from '../api/login';
import { useStartSession } from '../hooks/use-start-session';
import { checkEmail, onlyErrors } from '../validation';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

/** Props of LoginForm. */
export interface LoginFormProps {
  /** The address is known but not verified yet (403 `email_not_verified`). */
  onUnverified: (email: string) => void;
}

/** E-mail and password log-in; success starts the session (the /auth guard moves on). */
export function LoginForm({ onUnverified }: LoginFormProps) {
  const startSession = useStartSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (session) => startSession(session),
    onError: (error, body) => {
      if (error instanceof ApiError && error.code === ErrorCode.emailNotVerified) {
        onUnverified(body.email);
        return;
      }
      const failure = formFailure(error, FIELDS, 'Could not log in.');
      setFieldErrors(failure.fieldErrors);
      setFormError(failure.formError);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = onlyErrors<Field>({
      email: checkEmail(email),
      password: password ? null : 'Enter your password.',
    });
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    const body: LoginRequest = { email: email.trim(), password };
    mutation.mutate(body);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Log in"
      data-testid="login-form"
      className="flex flex-col gap-4"
    >
      {formError && <FormAlert data-testid="login-error">{formError}</FormAlert>}
      <FormField
        id="login-email"
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
        labelAside={
          <TextLink to={paths.auth.resetPassword} className="text-sm" data-testid="forgot-password">
            Forgot your password?
          </TextLink>
        }
      />
      <SubmitButton pending={mutation.isPending} data-testid="login-submit">
        Log in
      </SubmitButton>
    </form>
  );
}
