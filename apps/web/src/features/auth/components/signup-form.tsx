import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@codedocs/contract';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { formFailure } from '@/lib/form-errors';
import { signup } from '../api/signup';
import {
  checkEmail,
  checkName,
  checkNewPassword,
  onlyErrors,
  PASSWORD_RULE_HINT,
} from '../validation';

type Field = 'name' | 'email' | 'password';
const FIELDS: readonly Field[] = ['name', 'email', 'password'];

/** Props of SignupForm. */
export interface SignupFormProps {
  onSignedUp: (email: string) => void;
  /** Where the confirmation link should bring the visitor (e.g. an invitation page). */
  next?: string;
}

/**
 * Sign-up with name, e-mail and password; success asks the visitor to verify the address. A
 * `next` other than /app rides along in the confirmation link, so confirming the address comes
 * back to it (the invitation page someone signed up from).
 */
export function SignupForm({ onSignedUp, next }: SignupFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: (_answer, body) => onSignedUp(body.email),
    onError: (error) => {
      const failure = formFailure(error, FIELDS, 'Could not create the account.');
      setFieldErrors(failure.fieldErrors);
      setFormError(failure.formError);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = onlyErrors<Field>({
      name: checkName(name),
      email: checkEmail(email),
      password: checkNewPassword(password),
    });
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    mutation.mutate({
      name: name.trim(),
      email: email.trim(),
      password,
      ...(next && next !== paths.app.root && { next }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Sign up"
      data-testid="signup-form"
      className="flex flex-col gap-4"
    >
      {formError && <FormAlert data-testid="signup-error">{formError}</FormAlert>}
      <FormField
        id="signup-name"
        label="Name"
        name="name"
        autoComplete="name"
        autoFocus
        required
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name}
      />
      <FormField
        id="signup-email"
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <FormField
        id="signup-password"
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={PASSWORD_RULE_HINT}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <SubmitButton pending={mutation.isPending} data-testid="signup-submit">
        Create account
      </SubmitButton>
    </form>
  );
}
