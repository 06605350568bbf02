import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { UNEXPECTED_APPLICATION_ERROR } from '@codedocs/contract';
import { ROUTE_ERROR_TITLES } from '@/config/messages';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** What the error screen shows for a routing failure. */
export interface RouteErrorDescription {
  title: string;
  status: number | null;
  details: string;
}

/**
 * Turns a routing failure into a title and details: 404, 405 and 400 responses get their own
 * titles; anything else is "Unexpected Application Error!".
 */
export function describeRouteError(error: unknown): RouteErrorDescription {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' && error.data ? `: ${error.data}` : '';
    return {
      title: ROUTE_ERROR_TITLES[error.status] ?? UNEXPECTED_APPLICATION_ERROR,
      status: error.status,
      details: `${error.status} ${error.statusText}${data}`.trim(),
    };
  }
  const details = error instanceof Error ? error.message : String(error);
  return { title: UNEXPECTED_APPLICATION_ERROR, status: null, details };
}

/** The router's error element: the failure's title, its details and a way home. */
export function RouteError() {
  const { title, status, details } = describeRouteError(useRouteError());
  useDocumentTitle(title);
  const handleReload = () => window.location.reload();
  return (
    <section
      role="alert"
      data-testid="route-error"
      data-status={status ?? undefined}
      className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16"
    >
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {details && (
        <details className="rounded-md border border-border bg-muted p-3 text-sm">
          <summary className="cursor-pointer font-medium">Details</summary>
          <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-muted-foreground">
            {details}
          </pre>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.home}>Go to the home page</Link>
        </Button>
        <Button variant="outline" onClick={handleReload}>
          Reload
        </Button>
      </div>
    </section>
  );
}
