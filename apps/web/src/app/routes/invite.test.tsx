import { screen, waitFor, within } from '@testing-library/react';
import type { InvitePreviewResponse, PrivateFolderResponse } from '@codedocs/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { sessionAnswer } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { leaveAppFor } from '@/lib/leave-app';

vi.mock('@/lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

const SLUG = 'AbCdEf0123456789-_AbCdEf0123456789-_AbCdEf0';
const PAGE = `/invite/folder/private/${SLUG}`;
const PREVIEW = `GET /api/v1/staticdocs/private/${SLUG}/preview`;
const OPEN = `GET /api/v1/staticdocs/private/${SLUG}`;

const preview = (overrides: Partial<InvitePreviewResponse> = {}): InvitePreviewResponse => ({
  kind: 'private',
  folder: {
    folder_id: 'folder-1',
    name: 'Payments API',
    owner: { name: 'Grace Hopper' },
    status: 'ready',
    updated_at: '2026-11-20T10:00:00.000Z',
    file_count: 12,
  },
  permission: 'editor',
  expires_at: '2026-12-01T09:30:00.000Z',
  ...overrides,
});

const opened: PrivateFolderResponse = {
  folder: {
    folder_id: 'folder-1',
    name: 'Payments API',
    compilation_id: 'c1',
    owner: { user_id: 'u-grace', name: 'Grace Hopper' },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    status: 'ready',
    error: null,
    task_id: null,
    file_count: 12,
    size: 1000,
    pins: [],
    permission: 'editor',
    shares: [],
  },
  permission: 'editor',
  expires_at: '2026-12-01T09:30:00.000Z',
  site: { url: 'http://sites.test/sites/token/index.html', expires_at: '2026-11-22T11:00:00Z' },
};

const notFound = () =>
  jsonResponse(
    {
      statusCode: 404,
      code: 'not_found',
      message: 'This link has expired, was revoked, or does not exist',
    },
    404,
  );

describe('/invite/folder/private/:slug', () => {
  beforeEach(() => {
    vi.mocked(leaveAppFor).mockClear();
  });

  it('shows the folder, its owner and the permission, and offers a logged-out visitor to log in', async () => {
    renderApp(PAGE, { api: { [PREVIEW]: () => jsonResponse(preview()) } });
    const page = await screen.findByTestId('screen-invite');
    expect(await within(page).findByTestId('invite-folder-name')).toHaveTextContent('Payments API');
    expect(within(page).getByTestId('invite-owner')).toHaveTextContent('Grace Hopper');
    expect(within(page).getByTestId('invite-permission')).toHaveTextContent('editor');
    expect(within(page).getByTestId('invite-expires')).not.toHaveTextContent('—');
    const login = within(page).getByRole('link', { name: 'Log in to open' });
    expect(login).toHaveAttribute('href', `/auth/login?next=${encodeURIComponent(PAGE)}`);
    expect(within(page).queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
  });

  it('opens the folder for a logged-in visitor: it joins their list and the site opens', async () => {
    const { user, fetchMock } = renderApp(PAGE, {
      session: 'logged-in',
      api: { [PREVIEW]: () => jsonResponse(preview()), [OPEN]: () => jsonResponse(opened) },
    });
    const open = await screen.findByRole('button', { name: 'Open' });
    expect(requestsTo(fetchMock, OPEN)).toHaveLength(0);
    await user.click(open);
    await waitFor(() =>
      expect(leaveAppFor).toHaveBeenCalledWith('http://sites.test/sites/token/index.html'),
    );
    expect(requestsTo(fetchMock, OPEN)[0]?.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(screen.getByTestId('invite-opened')).toHaveTextContent(/shared with you/);
  });

  it('says clearly when the link expired or was revoked', async () => {
    renderApp(PAGE, { api: { [PREVIEW]: notFound } });
    expect(await screen.findByTestId('invite-unavailable')).toHaveTextContent(
      'This invitation has expired or was revoked.',
    );
    expect(screen.queryByRole('link', { name: 'Log in to open' })).not.toBeInTheDocument();
  });

  it('says so too when the link ends between showing and opening', async () => {
    const { user } = renderApp(PAGE, {
      session: 'logged-in',
      api: { [PREVIEW]: () => jsonResponse(preview()), [OPEN]: notFound },
    });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('invite-unavailable')).toBeInTheDocument();
  });

  it('shows why an e-mail invitation for another address cannot be opened', async () => {
    const message =
      'This invitation was sent to another e-mail address: log in with that address to open it';
    const { user } = renderApp(PAGE, {
      session: 'logged-in',
      api: {
        [PREVIEW]: () => jsonResponse(preview({ kind: 'email', permission: 'viewer' })),
        [OPEN]: () => jsonResponse({ statusCode: 403, code: 'forbidden', message }, 403),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('invite-open-error')).toHaveTextContent(message);
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('comes back to the invitation after logging in', async () => {
    const { user, router } = renderApp(`/auth/login?next=${encodeURIComponent(PAGE)}`, {
      api: {
        'POST /api/v1/auth/login': () => jsonResponse(sessionAnswer()),
        [PREVIEW]: () => jsonResponse(preview()),
      },
    });
    await screen.findByTestId('screen-auth-login');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(PAGE);
  });

  it('carries the invitation through a sign-up, so confirming the address comes back to it', async () => {
    const { user, fetchMock } = renderApp(`/auth/login?next=${encodeURIComponent(PAGE)}`, {
      api: {
        'POST /api/v1/auth/signup': () => jsonResponse({ message: 'Check your inbox' }, 202),
      },
    });
    await user.click(await screen.findByTestId('switch-to-signup'));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase{Enter}');
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/v1/auth/signup')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/signup')[0]?.body).toMatchObject({
      email: 'ada@example.com',
      next: PAGE,
    });
  });
});
