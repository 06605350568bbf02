import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testProfile } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

async function openProfile(api: ApiRoutes = {}) {
  const app = renderApp('/app/settings/profile', { session: 'logged-in', api });
  await screen.findByTestId('profile-details');
  return app;
}

describe('/app/settings/profile', () => {
  it('shows id, e-mail, name, description and an empty purchases list', async () => {
    await openProfile();
    expect(screen.getByTestId('profile-id')).toHaveTextContent('user-1');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Description')).toHaveValue('Writes notes on engines.');
    expect(screen.getByTestId('purchases-empty')).toHaveTextContent('No purchases yet.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves name and description with PATCH /api/v0/user and confirms with a toast', async () => {
    const { user, fetchMock, store } = await openProfile({
      'PATCH /api/v0/user': (_url, init) =>
        jsonResponse({ ...testProfile, ...(JSON.parse(String(init.body)) as object) }),
    });
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Countess');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const [call] = requestsTo(fetchMock, 'PATCH /api/v0/user');
    expect(call?.body).toEqual({ name: 'Ada King', description: 'Countess' });
    expect(call?.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(store.getState().profile.data?.name).toBe('Ada King');
  });

  it('shows a failed save next to the field and in a destructive toast', async () => {
    const { user } = await openProfile({
      'PATCH /api/v0/user': () =>
        jsonResponse(
          { statusCode: 400, code: 'validation_failed', message: 'Too long', field: 'body.name' },
          400,
        ),
    });
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Too long'),
    );
    expect(screen.getByText('Profile not saved')).toBeInTheDocument();
  });

  it('shows a failed profile load with a retry', async () => {
    let calls = 0;
    const { user } = renderApp('/app/settings/profile', {
      session: 'logged-in',
      api: {
        'GET /api/v0/user': () => {
          calls += 1;
          return calls === 1
            ? jsonResponse({ statusCode: 500, code: 'x', message: '' }, 500)
            : jsonResponse(testProfile);
        },
      },
    });
    const error = await screen.findByTestId('profile-error');
    expect(error).toHaveTextContent('Failed to fetch user profile');
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('profile-details')).toBeInTheDocument();
  });

  it('enables account deletion only when the typed address matches', async () => {
    const { user, fetchMock } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const input = within(dialog).getByRole('textbox', {
      name: 'Type your e-mail address to confirm',
    });
    expect(confirm).toBeDisabled();

    await user.type(input, 'ada@example.co');
    expect(confirm).toBeDisabled();
    await user.type(input, 'm');
    expect(confirm).toBeEnabled();
    await user.type(input, 'x');
    expect(confirm).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(requestsTo(fetchMock, 'DELETE /api/v0/user')).toEqual([]);
  });

  it('deletes the account, logs out locally and lands on /auth/login with a toast', async () => {
    const { user, fetchMock, router, store } = await openProfile({
      'DELETE /api/v0/user': () => new Response(null, { status: 204 }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Type your e-mail address to confirm' }),
      'ADA@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await screen.findByTestId('screen-auth-login');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByText('Account deleted')).toBeInTheDocument();
    const [call] = requestsTo(fetchMock, 'DELETE /api/v0/user');
    expect(call?.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(Cookies.get('jwt')).toBeUndefined();
    expect(store.getState().session.loggedIn).toBe(false);
    expect(store.getState().profile.status).toBe('idle');
  });

  it('keeps the dialog open with the error when deletion fails', async () => {
    const { user, store } = await openProfile({
      'DELETE /api/v0/user': () =>
        jsonResponse({ statusCode: 500, code: 'x', message: 'Internal server error' }, 500),
    });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'ada@example.com{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(store.getState().session.loggedIn).toBe(true);
  });
});
