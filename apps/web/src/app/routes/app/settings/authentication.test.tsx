import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@codedocs/contract';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { sessionAnswer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const sessions: SessionInfo[] = [
  {
    session_id: 's-other',
    created_at: '2026-11-01T10:00:00.000Z',
    last_seen_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-12-20T10:00:00.000Z',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
    ip: '203.0.113.9',
    current: false,
  },
  {
    session_id: 's-current',
    created_at: '2026-11-21T10:00:00.000Z',
    last_seen_at: '2026-11-22T10:00:00.000Z',
    expires_at: '2026-12-22T10:00:00.000Z',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0',
    ip: null,
    current: true,
  },
];

const baseApi: ApiRoutes = {
  'GET /api/v1/auth/sessions': () => jsonResponse({ sessions }),
  'GET /api/v1/auth/methods': () =>
    jsonResponse({
      password: true,
      oauth: [{ provider: 'github', linked_at: '2026-10-01T00:00:00Z' }],
    }),
};

async function openAuthentication(api: ApiRoutes = {}) {
  const app = renderApp('/app/settings/authentication', {
    session: 'logged-in',
    api: { ...baseApi, ...api },
  });
  await screen.findByTestId('screen-settings-authentication');
  return app;
}

async function fillPasswords(user: ReturnType<typeof renderApp>['user'], current: string) {
  await user.type(await screen.findByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), 'brand new secret');
  await user.type(screen.getByLabelText('Repeat the new password'), 'brand new secret');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/app/settings/authentication', () => {
  it('changes the password and replaces the jwt cookie with the new session token', async () => {
    const { user, fetchMock } = await openAuthentication({
      'POST /api/v1/auth/password/change': () => jsonResponse(sessionAnswer('rotated-token')),
    });
    await fillPasswords(user, 'old secret');

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    const [call] = requestsTo(fetchMock, 'POST /api/v1/auth/password/change');
    expect(call?.body).toEqual({
      current_password: 'old secret',
      new_password: 'brand new secret',
    });
    expect(call?.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(Cookies.get('jwt')).toBe('rotated-token');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('shows a wrong current password next to that field', async () => {
    const { user } = await openAuthentication({
      'POST /api/v1/auth/password/change': () =>
        jsonResponse(
          {
            statusCode: 400,
            code: 'validation_failed',
            message: 'The current password is not right',
            field: 'body.current_password',
          },
          400,
        ),
    });
    await fillPasswords(user, 'wrong');
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'The current password is not right',
      ),
    );
    expect(Cookies.get('jwt')).toBe('fresh-token');
  });

  it('shows other failures as an alert above the form', async () => {
    const { user } = await openAuthentication({
      'POST /api/v1/auth/password/change': () =>
        jsonResponse({ statusCode: 401, code: 'unauthorized', message: 'Session expired' }, 401),
    });
    await fillPasswords(user, 'old secret');
    expect(await screen.findByTestId('change-password-error')).toHaveTextContent('Session expired');
  });

  it('lists the sessions with the current one marked and signs another one out', async () => {
    const { user, fetchMock } = await openAuthentication({
      'DELETE /api/v1/auth/sessions/s-other': () => new Response(null, { status: 204 }),
    });
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('data-current', 'true');
    expect(rows[0]).toHaveTextContent('This session');
    expect(within(rows[0]!).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Chrome on Windows');

    await user.click(within(rows[1]!).getByRole('button', { name: /Sign out Chrome on Windows/ }));

    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    const [call] = requestsTo(fetchMock, 'DELETE /api/v1/auth/sessions/s-other');
    expect(call?.headers.get('Authorization')).toBe('Bearer fresh-token');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/v1/auth/sessions').length).toBeGreaterThan(1),
    );
  });

  it('lists the sign-in methods and keeps a place for SSH keys', async () => {
    await openAuthentication();
    expect(await screen.findByTestId('method-password')).toHaveTextContent('Enabled');
    expect(screen.getByTestId('method-github')).toHaveTextContent('GitHub');
    expect(screen.getByTestId('ssh-keys-placeholder')).toHaveTextContent(
      'SSH keys arrive with repository connections',
    );
  });

  it('shows a failed session list with a retry', async () => {
    await openAuthentication({
      'GET /api/v1/auth/sessions': () =>
        jsonResponse({ statusCode: 500, code: 'x', message: '' }, 500),
    });
    const card = screen.getByTestId('sessions');
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Could not load your sessions.',
    );
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
