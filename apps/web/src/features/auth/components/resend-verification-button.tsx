import { useMutation } from '@tanstack/react-query';
import { SubmitButton } from '@/components/submit-button';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { resendVerification } from '../api/resend-verification';

/** "Resend the e-mail" for `email`, with the server's answer (or failure) under it. */
export function ResendVerificationButton({ email }: { email: string }) {
  const mutation = useMutation({ mutationFn: resendVerification });
  const handleResend = () => mutation.mutate(email);
  const failure = mutation.isError
    ? formFailure(mutation.error, [], 'Could not send the e-mail.').formError
    : null;
  return (
    <div className="flex flex-col gap-3">
      <SubmitButton
        type="button"
        variant="outline"
        pending={mutation.isPending}
        onClick={handleResend}
        data-testid="resend-verification"
      >
        Resend the e-mail
      </SubmitButton>
      {mutation.isSuccess && (
        <FormAlert variant="success" data-testid="resend-verification-sent">
          {mutation.data?.message || `We sent a new link to ${email}.`}
        </FormAlert>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
    </div>
  );
}
