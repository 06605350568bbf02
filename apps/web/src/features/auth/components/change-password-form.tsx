import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@codedocs/contract';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { formFailure } from '@/lib/form-errors';
import { changePassword } from '../api/change-password';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { sessionsQueryOptions } from '../api/get-sessions';
import { useStartSession } from '../hooks/use-start-session';
import { checkConfirmation, checkNewPassword, onlyErrors, PASSWORD_RULE_HINT } from '../validation';

type Field = 'current_password' | 'new_password' | 'confirmation';
const SERVER_FIELDS = ['current_password', 'new_password'] as const;

/**
 * Changes the password (current + new + confirmation). The answer is a new session token,
 * which replaces the `jwt` cookie; every other session ends.
 */
export function ChangePasswordForm() {
  const startSession = useStartSession();
  const queryClient = useQueryClient();
  const methods = useSignInMethods();
  const hasPassword = methods.data?.password ?? true;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (session) => {
      startSession(session);
      setCurrent('');
      setNext('');
      setConfirmation('');
      void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
      toast({
        title: 'Password changed',
        description: 'Your other sessions have been signed out.',
      });
    },
    onError: (error) => {
      const failure = formFailure(error, SERVER_FIELDS, 'Could not change the password.');
      setFieldErrors(failure.fieldErrors);
      setFormError(failure.formError);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = onlyErrors<Field>({
      current_password: hasPassword && !current ? 'Enter your current password.' : null,
      new_password: checkNewPassword(next),
      confirmation: checkConfirmation(next, confirmation),
    });
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    mutation.mutate(
      hasPassword ? { current_password: current, new_password: next } : { new_password: next },
    );
  };

  return (
    <Card data-testid="change-password">
      <CardHeader>
        <CardTitle>{hasPassword ? 'Change password' : 'Set a password'}</CardTitle>
        <CardDescription>
          Changing it signs out every other session; this one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit}
          aria-label="Change password"
          className="flex flex-col gap-4"
        >
          {formError && <FormAlert data-testid="change-password-error">{formError}</FormAlert>}
          {hasPassword && (
            <FormField
              id="current-password"
              label="Current password"
              type="password"
              name="current-password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              error={fieldErrors.current_password}
            />
          )}
          <FormField
            id="new-password"
            label="New password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            hint={PASSWORD_RULE_HINT}
            value={next}
            onChange={(event) => setNext(event.target.value)}
            error={fieldErrors.new_password}
          />
          <FormField
            id="confirm-new-password"
            label="Repeat the new password"
            type="password"
            name="confirm-new-password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={fieldErrors.confirmation}
          />
          <SubmitButton
            pending={mutation.isPending}
            className="self-start"
            data-testid="change-password-submit"
          >
            Change password
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
