/**
 * User-visible messages of the product spec (section 8), verbatim. Kept here until
 * @codedocs/contract exports them.
 */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  noResponseFromServer: 'No response from server',
  failedToConnectRepo: 'Failed to connect repo',
  failedToFetchRepos: 'Failed to fetch repos',
  failedToDeleteRepo: 'Failed to delete repo',
  failedToSyncRepo: 'Failed to sync repo',
  failedToFetchKeys: 'Failed to fetch keys',
  failedToFetchUserProfile: 'Failed to fetch user profile',
  failedToFetchSubscriptionData: 'Failed to fetch subscription data',
  errorFetchingFiles: 'Error fetching files',
  errorFetchingFileContent: 'Error fetching file content',
  errorFetchingCompilations: 'Error fetching compilations',
  errorFetchingObjects: 'Error fetching objects',
  serverError: 'Server Error',
  noActiveParserSubscription: 'No active parser subscription found',
  saving: 'Saving...',
  changesSavedAt: 'Changes saved at',
  failedToSave: 'Failed to save',
  unexpectedApplicationError: 'Unexpected Application Error!',
} as const;

/** Titles the router error screen shows for the error responses it can report. */
export const ROUTE_ERROR_TITLES: Readonly<Record<number, string>> = {
  404: 'Page not found',
  405: 'Method not allowed',
  400: 'Bad request',
};
