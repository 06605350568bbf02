import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { createQueryClient } from '@/lib/query-client';
import { defaultApiRoutes, routeRequests, type ApiRoutes } from './api-routes';
import { stubFetch } from './fetch-stub';

/** Options of renderApp. */
export interface RenderAppOptions {
  /** logged-in: a jwt cookie the stubbed refresh accepts; logged-out: no cookie. */
  session?: 'logged-in' | 'logged-out';
  /** Changes the real route tree before mounting (e.g. to add a route that throws). */
  editRoutes?: (routes: RouteObject[]) => void;
  /** Answer of the stubbed `GET /api/v1/auth/refresh`; by default it accepts the cookie. */
  refresh?: () => Response;
  /** Endpoints answered differently from `defaultApiRoutes` ("METHOD /path" → handler). */
  api?: ApiRoutes;
  /** Mount inside <StrictMode>, as main.tsx does (effects run twice in development). */
  strict?: boolean;
}

/** Finds a route object by id anywhere in a route tree. */
export function findRoute(routes: RouteObject[], id: string): RouteObject {
  for (const route of routes) {
    if (route.id === id) return route;
    const found = route.children && findRouteOrNull(route.children, id);
    if (found) return found;
  }
  throw new Error(`no route with id ${id}`);
}

function findRouteOrNull(routes: RouteObject[], id: string): RouteObject | null {
  try {
    return findRoute(routes, id);
  } catch {
    return null;
  }
}

/**
 * Mounts the real route tree at `path` in a memory router with the app providers. The server
 * is stubbed by route (`defaultApiRoutes` plus `api`): the refresh accepts the test cookie,
 * like the server will; without a cookie no refresh is made. Queries do not retry.
 */
export function renderApp(
  path: string,
  { session = 'logged-out', editRoutes, refresh, api, strict = false }: RenderAppOptions = {},
) {
  if (session === 'logged-in') Cookies.set('jwt', 'test-token');
  const routesOfServer: ApiRoutes = { ...defaultApiRoutes, ...api };
  if (refresh) routesOfServer['GET /api/v1/auth/refresh'] = refresh;
  const fetchMock = stubFetch(routeRequests(routesOfServer));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const store = createAppStore();
  const routes = createAppRoutes(store);
  editRoutes?.(routes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const tree = (
    <AppProviders store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, store, user, fetchMock, queryClient };
}

/** The current path plus search of a memory router. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
