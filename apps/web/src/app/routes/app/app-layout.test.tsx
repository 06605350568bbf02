import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { currentPath, renderApp } from '@/test/render-app';

const NAV_LINKS: [string, string][] = [
  ['Dashboard', '/app/dashboard'],
  ['Repositories', '/app/repository'],
  ['Files', '/app/files'],
  ['Live docs', '/app/livedocs'],
  ['Pockets', '/app/pockets'],
  ['Activity', '/app/activity-metrix'],
  ['Export', '/app/export'],
  ['Profile', '/app/settings/profile'],
  ['Parser', '/app/settings/parser'],
  ['Authentication', '/app/settings/authentication'],
  ['Appearance', '/app/settings/appearance'],
];

async function openShell(path = '/app/dashboard') {
  const app = renderApp(path, { session: 'logged-in' });
  await screen.findByTestId('app-shell');
  return app;
}

describe('app shell', () => {
  it('links to every /app screen and settings page and marks the current one', async () => {
    await openShell('/app/repository');
    const sidebar = within(screen.getByTestId('sidebar'));
    for (const [label, href] of NAV_LINKS) {
      expect(sidebar.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(sidebar.getByRole('link', { name: 'Repositories' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('navigates from the sidebar and shows the product name in the header', async () => {
    const { user, router } = await openShell();
    expect(screen.getByRole('banner')).toHaveTextContent('CodeDocs');
    await user.click(
      within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Live docs' }),
    );
    expect(await screen.findByTestId('screen-livedocs')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/app/livedocs');
  });

  it('toggles dark mode from the header, stores it under darkMode and applies it to <html>', async () => {
    const { user } = await openShell();
    const toggle = screen.getByRole('button', { name: 'Toggle dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement).toHaveClass('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('binds the appearance switch to the same preference as the header toggle', async () => {
    const { user } = await openShell('/app/settings/appearance');
    const darkSwitch = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(darkSwitch).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Toggle dark mode' }));
    expect(darkSwitch).toBeChecked();

    await user.click(darkSwitch);
    expect(darkSwitch).not.toBeChecked();
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: /follow the system setting/i }));
    expect(localStorage.getItem('darkMode')).toBeNull();
  });

  it('opens the navigation slide-over from the menu button and closes it with Escape', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Pockets' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the slide-over when a link is chosen', async () => {
    const { user, router } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('link', { name: 'Export' }),
    );
    await screen.findByTestId('screen-export');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/app/export');
  });

  it('opens the profile from the user menu with the keyboard', async () => {
    const { user, router } = await openShell();
    screen.getByRole('button', { name: 'User menu' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Settings', 'Log out']);
    expect(within(menu).getByTestId('user-menu-name')).toHaveTextContent('Ada Lovelace');
    expect(within(menu).getByTestId('user-menu-email')).toHaveTextContent('ada@example.com');
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    await screen.findByTestId('screen-settings-profile');
    expect(currentPath(router)).toBe('/app/settings/profile');
  });

  it('logs out from the user menu: cookie gone, session cleared, back at /auth/login', async () => {
    const { user, router, store, fetchMock } = await openShell();
    await waitFor(() => expect(store.getState().profile.status).toBe('succeeded'));
    expect(Cookies.get('jwt')).toBe('fresh-token');

    screen.getByRole('button', { name: 'User menu' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await screen.findByTestId('screen-auth-login');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(Cookies.get('jwt')).toBeUndefined();
    expect(Cookies.get('ps')).toBeUndefined();
    expect(store.getState().session).toEqual({ loggedIn: false, loginMethod: null });
    const [logoutCall] = requestsTo(fetchMock, 'POST /api/v1/auth/logout');
    expect(logoutCall?.headers.get('Authorization')).toBe('Bearer fresh-token');
    const state = store.getState();
    expect(
      [state.profile, state.repos, state.compilations, state.subscription].map((s) => s.status),
    ).toEqual(['idle', 'idle', 'idle', 'idle']);
    expect(state.profile.data).toBeNull();
  });

  it('greets the user by name on the dashboard', async () => {
    await openShell();
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent(
      'Welcome, Ada Lovelace.',
    );
  });

  it('shows a failed /app load as a destructive alert and still renders the screen', async () => {
    renderApp('/app/dashboard', {
      session: 'logged-in',
      api: {
        'GET /api/v0/user': () => jsonResponse({ statusCode: 500, code: 'x', message: '' }, 500),
        'GET /api/v2/payments/subscription': () =>
          jsonResponse({ statusCode: 502, code: 'x', message: '' }, 502),
      },
    });
    const alert = await screen.findByTestId('app-data-error');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('Failed to fetch user profile');
    expect(alert).toHaveTextContent('Failed to fetch subscription data');
    expect(screen.getByTestId('screen-dashboard')).toBeInTheDocument();
  });

  it('retries the failed lists from the alert and hides it once they load', async () => {
    let profileCalls = 0;
    const { user } = renderApp('/app/dashboard', {
      session: 'logged-in',
      api: {
        'GET /api/v0/user': () => {
          profileCalls += 1;
          return profileCalls === 1
            ? jsonResponse({ statusCode: 500, code: 'x', message: '' }, 500)
            : jsonResponse({
                id: 'user-1',
                name: 'Ada Lovelace',
                email: 'ada@example.com',
                description: '',
                login_method: 'password',
                email_verified: true,
                created_at: '2026-01-01T00:00:00.000Z',
                purchases: [],
              });
        },
      },
    });
    const alert = await screen.findByTestId('app-data-error');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('app-data-error')).not.toBeInTheDocument());
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Ada Lovelace');
  });

  it('shows no insecure-origin notice on localhost', async () => {
    await openShell();
    expect(screen.queryByTestId('insecure-origin-banner')).not.toBeInTheDocument();
  });
});
