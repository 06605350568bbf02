import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo, SshKeyJson } from '@codedocs/contract';
import { dismissToast } from '@/hooks/use-toast';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { sessionAnswer, testSshKey } from '@/test/fixtures';
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

  it('lists the sign-in methods and the SSH keys section', async () => {
    await openAuthentication();
    expect(await screen.findByTestId('method-password')).toHaveTextContent('Enabled');
    expect(screen.getByTestId('method-github')).toHaveTextContent('GitHub');
    expect(await screen.findByTestId('ssh-keys-empty')).toBeVisible();
    expect(screen.queryByTestId('ssh-keys-placeholder')).toBeNull();
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

describe('/app/settings/authentication: SSH keys', () => {
  afterEach(() => {
    act(() => dismissToast());
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'isSecureContext');
  });

  const created: SshKeyJson = {
    name: 'ci-runner',
    algorithm: 'rsa',
    date_created: '2026-11-22T08:00:00.000Z',
    public_key: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQ codedocs-ci-runner',
    fingerprint: 'SHA256:newfingerprint',
  };

  it('lists the keys with algorithm, fingerprint and creation date', async () => {
    await openAuthentication({
      'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [testSshKey] }),
    });
    const row = await screen.findByTestId('ssh-key-row');
    expect(row).toHaveTextContent('laptop');
    expect(row).toHaveTextContent('ed25519');
    expect(row).toHaveTextContent(testSshKey.fingerprint);
    expect(row).toHaveTextContent('Created');
  });

  it('shows a failed key list as "Failed to fetch keys" with a retry', async () => {
    let fail = true;
    const { user } = await openAuthentication({
      'GET /api/v0/user/ssh-key': () =>
        fail ? new Response('', { status: 500 }) : jsonResponse({ keys: [testSshKey] }),
    });
    const failure = await screen.findByTestId('ssh-keys-error');
    expect(failure).toHaveTextContent('Failed to fetch keys');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('ssh-key-row')).toHaveTextContent('laptop');
  });

  it('generates a key, shows its public key and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    const { user, fetchMock } = await openAuthentication({
      'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [testSshKey] }),
      'POST /api/v0/user/ssh-key/generate': () => jsonResponse(created, 201),
    });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await screen.findByTestId('ssh-key-row');

    await user.click(screen.getByTestId('ssh-generate'));
    await user.type(await screen.findByLabelText('Name'), 'ci-runner');
    await user.click(screen.getByRole('radio', { name: 'RSA 4096' }));
    await user.click(screen.getByTestId('ssh-generate-submit'));

    const publicKey = await screen.findByTestId('ssh-public-key');
    expect(publicKey).toHaveValue(created.public_key);
    expect(publicKey).toHaveAttribute('readonly');
    expect(requestsTo(fetchMock, 'POST /api/v0/user/ssh-key/generate')[0]?.body).toEqual({
      name: 'ci-runner',
      algorithm: 'rsa',
    });

    await user.click(screen.getByTestId('ssh-copy'));
    expect(writeText).toHaveBeenCalledWith(created.public_key);
    expect(screen.getByTestId('ssh-copy')).toHaveTextContent('Copied');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getAllByTestId('ssh-key-row').map((row) => row.dataset.keyName)).toEqual([
      'laptop',
      'ci-runner',
    ]);
  });

  it('checks the key name before sending and shows the server refusal under it', async () => {
    const { user, fetchMock } = await openAuthentication({
      'POST /api/v0/user/ssh-key/generate': () =>
        jsonResponse(
          { statusCode: 409, code: 'exists', message: 'A key with this name exists' },
          409,
        ),
    });
    await user.click(await screen.findByTestId('ssh-generate'));
    await user.type(await screen.findByLabelText('Name'), 'bad name');
    await user.click(screen.getByTestId('ssh-generate-submit'));
    expect(await screen.findByTestId('ssh-key-name-error')).toHaveTextContent(
      'Use only letters, digits, dot, underscore and hyphen',
    );
    expect(requestsTo(fetchMock, 'POST /api/v0/user/ssh-key/generate')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'laptop');
    await user.click(screen.getByTestId('ssh-generate-submit'));
    expect(await screen.findByText('A key with this name exists')).toBeVisible();
  });

  it('deletes a key after the confirmation naming it', async () => {
    const { user, fetchMock } = await openAuthentication({
      'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [testSshKey] }),
      'DELETE /api/v0/user/ssh-key/laptop': () => jsonResponse({ name: 'laptop' }),
    });
    await user.click(await screen.findByTestId('ssh-delete'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete key laptop?');
    await user.click(within(dialog).getByTestId('ssh-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('ssh-key-row')).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/v0/user/ssh-key/laptop')).toHaveLength(1);
  });

  it('keeps a key whose delete failed, with the error', async () => {
    const { user } = await openAuthentication({
      'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [testSshKey] }),
      'DELETE /api/v0/user/ssh-key/laptop': () =>
        jsonResponse({ statusCode: 500, code: 'x', message: 'Disk full' }, 500),
    });
    await user.click(await screen.findByTestId('ssh-delete'));
    await user.click(await screen.findByTestId('ssh-delete-confirm'));
    const row = await screen.findByTestId('ssh-key-row');
    await waitFor(() => expect(within(row).getByRole('alert')).toHaveTextContent('Disk full'));
  });
});
