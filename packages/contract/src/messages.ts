/**
 * Every user-facing message of the product specification (sections 4, 5 and 8), verbatim. The
 * specification treats these strings as law: change them only when the specification changes.
 */

/** Connect failure text (spec section 4 and 8). */
export const FAILED_TO_CONNECT_REPO = 'Failed to connect repo';
/** Default message of a connect failure whose server answer carries none. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';
/** Connect failure without any answer from the server (status 0). */
export const NO_RESPONSE_FROM_SERVER = 'No response from server';

export const FAILED_TO_FETCH_REPOS = 'Failed to fetch repos';
export const FAILED_TO_DELETE_REPO = 'Failed to delete repo';
export const FAILED_TO_SYNC_REPO = 'Failed to sync repo';
export const FAILED_TO_FETCH_KEYS = 'Failed to fetch keys';
export const FAILED_TO_FETCH_USER_PROFILE = 'Failed to fetch user profile';
export const FAILED_TO_FETCH_SUBSCRIPTION_DATA = 'Failed to fetch subscription data';
export const ERROR_FETCHING_FILES = 'Error fetching files';
export const ERROR_FETCHING_FILE_CONTENT = 'Error fetching file content';
export const ERROR_FETCHING_COMPILATIONS = 'Error fetching compilations';
export const ERROR_FETCHING_OBJECTS = 'Error fetching objects';

/** A null files result. */
export const SERVER_ERROR = 'Server Error';
/** Generating live docs without the plan cookie; also the server's 403 message for it. */
export const NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND = 'No active parser subscription found';

/** Live-docs save status texts. */
export const SAVING = 'Saving...';
export const CHANGES_SAVED_AT = 'Changes saved at';
export const FAILED_TO_SAVE = 'Failed to save';

/** Generic routing failure shown by the router's error screen. */
export const UNEXPECTED_APPLICATION_ERROR = 'Unexpected Application Error!';

/**
 * The save status after a successful save: "Changes saved at" followed by the time, built here so
 * every screen joins the two the same way.
 */
export function changesSavedAt(time: string): string {
  return `${CHANGES_SAVED_AT} ${time}`;
}
