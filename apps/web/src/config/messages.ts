/**
 * Titles the router error screen shows for the error responses it can report. The spec's own
 * messages live in @codedocs/contract.
 */
export const ROUTE_ERROR_TITLES: Readonly<Record<number, string>> = {
  404: 'Page not found',
  405: 'Method not allowed',
  400: 'Bad request',
};
