import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { data, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { calledRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { currentPath, findRoute, renderApp } from '@/test/render-app';
import { ROUTE_IDS } from './router';

function addChild(parentId: string, child: RouteObject) {
  return (routes: RouteObject[]) => {
    const parent = findRoute(routes, parentId);
    parent.children = [...(parent.children ?? []), child];
  };
}

const throwing = (path: string, error: () => unknown): RouteObject => ({
  path,
  loader: () => {
    throw error();
  },
  Component: () => null,
});

describe('routes of spec section 2', () => {
  it.each([
    ['/app/dashboard', 'screen-dashboard', 'Dashboard · CodeDocs'],
    ['/app/repository', 'screen-repository', 'Repositories · CodeDocs'],
    ['/app/files', 'screen-files', 'Files · CodeDocs'],
    ['/app/livedocs', 'screen-livedocs', 'Live docs · CodeDocs'],
    ['/app/pockets', 'screen-pockets', 'Pockets · CodeDocs'],
    ['/app/activity-metrix', 'screen-activity-metrix', 'Activity · CodeDocs'],
    ['/app/export', 'screen-export', 'Export · CodeDocs'],
    ['/app/settings/profile', 'screen-settings-profile', 'Profile · CodeDocs'],
    ['/app/settings/parser', 'screen-settings-parser', 'Parser · CodeDocs'],
    ['/app/settings/authentication', 'screen-settings-authentication', 'Authentication · CodeDocs'],
    ['/app/settings/appearance', 'screen-settings-appearance', 'Appearance · CodeDocs'],
  ])('%s shows its screen in the app shell when logged in', async (path, testId, title) => {
    renderApp(path, { session: 'logged-in' });
    const page = await screen.findByTestId(testId);
    expect(screen.getByTestId('app-shell')).toContainElement(page);
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      title.split(' · ')[0]!,
    );
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/auth/login', 'screen-auth-login', 'Log in · CodeDocs'],
    ['/auth/reset-password', 'screen-auth-reset-password', 'Reset password · CodeDocs'],
    ['/auth/callback', 'screen-auth-callback', 'Signing in · CodeDocs'],
    ['/auth/verify', 'screen-auth-verify', 'Verify e-mail · CodeDocs'],
    ['/auth/setpassword', 'screen-auth-setpassword', 'Set password · CodeDocs'],
  ])('%s shows its screen in the centred card when logged out', async (path, testId, title) => {
    renderApp(path);
    const page = await screen.findByTestId(testId);
    expect(screen.getByTestId('centered-layout')).toContainElement(page);
    expect(screen.getByTestId('product-name')).toHaveTextContent('CodeDocs');
    expect(screen.queryByTestId('screen-placeholder')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the centred spinner while a lazy screen loads', async () => {
    renderApp('/auth/login');
    expect(screen.getByTestId('route-spinner')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await screen.findByTestId('screen-auth-login');
    expect(screen.queryByTestId('route-spinner')).not.toBeInTheDocument();
  });

  it('/ redirects to /app, which sends a logged-out visitor to /auth/login', async () => {
    const { router } = renderApp('/');
    await screen.findByTestId('screen-auth-login');
    expect(currentPath(router)).toBe('/auth/login?next=%2Fapp%2Fdashboard');
  });

  it('/ redirects a logged-in visitor to the dashboard', async () => {
    const { router } = renderApp('/', { session: 'logged-in' });
    await screen.findByTestId('screen-dashboard');
    expect(currentPath(router)).toBe('/app/dashboard');
  });

  it('/app redirects to dashboard', async () => {
    const { router } = renderApp('/app', { session: 'logged-in' });
    await screen.findByTestId('screen-dashboard');
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('/app/settings redirects to profile', async () => {
    const { router } = renderApp('/app/settings', { session: 'logged-in' });
    await screen.findByTestId('screen-settings-profile');
    expect(router.state.location.pathname).toBe('/app/settings/profile');
  });

  it('/auth redirects to login', async () => {
    const { router } = renderApp('/auth');
    await screen.findByTestId('screen-auth-login');
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a logged-out visitor from /app to login, keeping the path in next', async () => {
    const { router, fetchMock } = renderApp('/app/files?repo=r1');
    await screen.findByTestId('screen-auth-login');
    expect(currentPath(router)).toBe('/auth/login?next=%2Fapp%2Ffiles%3Frepo%3Dr1');
    expect(calledRoutes(fetchMock).filter((call) => call.includes('/auth/refresh'))).toEqual([]);
    expect(calledRoutes(fetchMock).filter((call) => call.includes('/api/v0/'))).toEqual([]);
  });

  it('sends a logged-in visitor from /auth to next, or /app', async () => {
    const first = renderApp('/auth/login?next=%2Fapp%2Fpockets', { session: 'logged-in' });
    await screen.findByTestId('screen-pockets');
    expect(currentPath(first.router)).toBe('/app/pockets');
    first.unmount();

    const second = renderApp('/auth', { session: 'logged-in' });
    await screen.findByTestId('screen-dashboard');
    expect(currentPath(second.router)).toBe('/app/dashboard');
  });

  it('runs the refresh once for /app and /auth and treats its 404 as logged out', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    Cookies.set('jwt', 'stale-token');
    const { router, fetchMock } = renderApp('/app/export', {
      refresh: () => jsonResponse({ statusCode: 404, message: 'Not Found' }, 404),
    });

    await screen.findByTestId('screen-auth-login');

    expect(calledRoutes(fetchMock).filter((call) => call.includes('/auth/refresh'))).toEqual([
      'GET /api/v1/auth/refresh',
    ]);
    expect(currentPath(router)).toBe('/auth/login?next=%2Fapp%2Fexport');
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/refresh/i), expect.anything());
  });

  it('shows the invitation page, which looks its slug up', async () => {
    const { fetchMock } = renderApp('/invite/folder/private/abc123XYZ');
    const page = await screen.findByTestId('screen-invite');
    expect(await within(page).findByTestId('invite-unavailable')).toBeInTheDocument();
    expect(calledRoutes(fetchMock)).toContain('GET /api/v1/staticdocs/private/abc123XYZ/preview');
    await waitFor(() => expect(document.title).toBe('Folder invitation · CodeDocs'));
  });
});

describe('router errors', () => {
  it('shows the not-found page with a link home for an unknown path', async () => {
    renderApp('/no/such/page');
    const page = await screen.findByTestId('screen-not-found');
    expect(within(page).getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/');
  });

  it('shows "Unexpected Application Error!" with the message for a thrown error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/boom', {
      editRoutes: addChild(
        ROUTE_IDS.root,
        throwing('boom', () => new Error('Kaboom')),
      ),
    });
    const alert = await screen.findByTestId('route-error');
    expect(within(alert).getByRole('heading')).toHaveTextContent('Unexpected Application Error!');
    expect(within(alert).getByText('Kaboom').closest('details')).not.toBeNull();
  });

  it('keeps the app shell around an error inside /app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/app/boom', {
      session: 'logged-in',
      editRoutes: addChild(
        ROUTE_IDS.appScreens,
        throwing('boom', () => new Error('Screen failed')),
      ),
    });
    const alert = await screen.findByTestId('route-error');
    expect(screen.getByTestId('app-shell')).toContainElement(alert);
    expect(alert).toHaveTextContent('Unexpected Application Error!');
  });

  it.each([
    [404, 'Page not found'],
    [405, 'Method not allowed'],
    [400, 'Bad request'],
    [500, 'Unexpected Application Error!'],
  ])('gives a %i error response the title "%s"', async (status, title) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/failing', {
      editRoutes: addChild(
        ROUTE_IDS.root,
        throwing('failing', () => data('Details from the loader', { status })),
      ),
    });
    const alert = await screen.findByTestId('route-error');
    expect(within(alert).getByRole('heading')).toHaveTextContent(title);
    expect(alert).toHaveAttribute('data-status', String(status));
    expect(alert).toHaveTextContent('Details from the loader');
    await waitFor(() => expect(document.title).toBe(`${title} · CodeDocs`));
  });
});
