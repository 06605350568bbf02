import { apiErrorFromUnknown, failureMessage } from '@/lib/api-error';

/** A failed repo call as the screen shows it: the HTTP status (0 or -1 without one) and a message. */
export interface RepoFailure {
  status: number;
  message: string;
  /** The request field a 400 answer names, to show the message under it. */
  field?: string;
}

/**
 * Maps any thrown value of a repo call to a RepoFailure (spec section 8): a server answer keeps
 * its status and message, no answer is status 0, anything else -1 with the error's own message;
 * `defaultMessage` replaces a missing or generic message.
 */
export function toRepoFailure(error: unknown, defaultMessage: string): RepoFailure {
  const apiError = apiErrorFromUnknown(error);
  const failure: RepoFailure = {
    status: apiError.status,
    message: failureMessage(apiError, defaultMessage),
  };
  if (apiError.field) failure.field = apiError.field;
  return failure;
}
