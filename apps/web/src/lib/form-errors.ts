import { ApiError, failureMessage } from './api-error';

/** How a failed form submission is shown: next to a field, or above the form. */
export interface FormFailure<Field extends string> {
  /** The message for the whole form (role="alert"), or null when a field carries it. */
  formError: string | null;
  /** Messages next to fields, by field name. */
  fieldErrors: Partial<Record<Field, string>>;
}

/** The field name of an ApiError's `field` (`body.email` → `email`). */
export function fieldName(field: string | undefined): string | undefined {
  return field?.split('.').pop();
}

/** A 429's message with the wait from its Retry-After header. */
export function messageWithRetryAfter(error: ApiError): string {
  if (error.retryAfter === undefined) return error.message;
  const unit = error.retryAfter === 1 ? 'second' : 'seconds';
  // the server's sentences do not all end with a stop ("Too many attempts, try again later")
  const sentence = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  return `${sentence} Try again in ${error.retryAfter} ${unit}.`;
}

/**
 * Splits a failed submission into a field message (when the server named one of `fields`)
 * or a form message; `defaultMessage` stands in for a failure that carries none.
 */
export function formFailure<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  defaultMessage: string,
): FormFailure<Field> {
  if (error instanceof ApiError) {
    const name = fieldName(error.field);
    const message = failureMessage(error, defaultMessage);
    const shown = error.retryAfter === undefined ? message : messageWithRetryAfter(error);
    if (name && (fields as readonly string[]).includes(name)) {
      return { formError: null, fieldErrors: { [name]: shown } as Partial<Record<Field, string>> };
    }
    return { formError: shown, fieldErrors: {} };
  }
  return { formError: failureMessage(error, defaultMessage), fieldErrors: {} };
}
