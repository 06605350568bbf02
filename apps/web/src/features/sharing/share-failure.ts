import { ApiError, failureMessage } from '@/lib/api-error';
import { toast } from '@/hooks/use-toast';
import { messageWithRetryAfter } from '@/lib/form-errors';

/**
 * Where a refused share call is explained: a 400 next to the field the server named (or above
 * the form when it named none of them), a 429 above the form with how long to wait, anything
 * else (403, 404, no answer, 5xx) in a toast.
 */
export type ShareFailure<Field extends string> =
  | { at: 'field'; field: Field; message: string }
  | { at: 'form'; message: string }
  | { at: 'toast'; message: string };

/**
 * Sorts a failed share call. `fields` maps the first name of the server's field path to the
 * form's field (`body.email_ids.2` → `email_ids` → `emails`); the validation message loses its
 * `body.…:` prefix, which the field beside it already says.
 */
export function shareFailure<Field extends string>(
  error: unknown,
  fields: Readonly<Record<string, Field>>,
  defaultMessage: string,
): ShareFailure<Field> {
  const message = failureMessage(error, defaultMessage);
  if (!(error instanceof ApiError)) return { at: 'toast', message };
  if (error.status === 429) return { at: 'form', message: messageWithRetryAfter(error) };
  if (error.status !== 400) return { at: 'toast', message };
  const path = error.field ?? '';
  const shown = path && message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  const name = path.replace(/^(body|query|params)\./, '').split('.')[0] ?? '';
  return Object.hasOwn(fields, name)
    ? { at: 'field', field: fields[name]!, message: shown }
    : { at: 'form', message: shown };
}

/** Where showShareFailure puts a message that is not a toast. */
export interface ShareFailureTargets<Field extends string> {
  /** Next to a field of the form (a 400 naming it). */
  field?: (field: Field, message: string) => void;
  /** Above the form (a 400 naming no field of it, a 429). */
  form: (message: string) => void;
}

/** Shows a refused share call where shareFailure says; a toast is titled `title`. */
export function showShareFailure<Field extends string>(
  error: unknown,
  fields: Readonly<Record<string, Field>>,
  title: string,
  show: ShareFailureTargets<Field>,
): void {
  const failure = shareFailure(error, fields, title);
  if (failure.at === 'field' && show.field) show.field(failure.field, failure.message);
  else if (failure.at === 'toast')
    toast({ variant: 'destructive', title, description: failure.message });
  else show.form(failure.message);
}
