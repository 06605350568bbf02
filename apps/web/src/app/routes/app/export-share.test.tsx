import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Folder, FolderSharesResponse, Share } from '@codedocs/contract';
import { dismissToast } from '@/hooks/use-toast';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testFolder, testProfile } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

beforeAll(() => {
  // jsdom does not scroll; Radix Select calls it.
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  // the Clipboard API is offered on secure origins only (user-event stubs navigator.clipboard)
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});

afterEach(() => {
  act(() => dismissToast());
  Reflect.deleteProperty(window, 'isSecureContext');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const SHARES = 'GET /api/v1/staticdocs/folder/f1/shares';
const METADATA = 'GET /api/v1/staticdocs/folder/f1/metadata';

const me = { user_id: testProfile.id, name: testProfile.name };

function share(id: string, overrides: Partial<Share> = {}): Share {
  return {
    share_id: id,
    kind: 'private',
    permission: 'viewer',
    status: 'active',
    created_at: '2026-11-25T10:00:00.000Z',
    created_by: me,
    expires_at: '2026-12-02T10:00:00.000Z',
    revoked_at: null,
    opens: 0,
    last_opened_at: null,
    email: null,
    accepted_by: null,
    accepted_at: null,
    ...overrides,
  };
}

const sharesPage = (shares: Share[], cursor: string | null = null): FolderSharesResponse => ({
  shares,
  cursor,
});

const refused = (status: number, message: string, field?: string) =>
  jsonResponse({ statusCode: status, code: 'refused', message, ...(field && { field }) }, status);

/** The export screen with one folder listed in `mode`, its share dialog opened. */
async function openShareDialog(
  api: ApiRoutes,
  { folder = testFolder('f1', 'API docs'), shared = false } = {},
) {
  const app = renderApp('/app/export', {
    session: 'logged-in',
    api: {
      'GET /api/v1/staticdocs/folders/creator': () =>
        jsonResponse({ folders: shared ? [] : [folder], cursor: null }),
      'GET /api/v1/staticdocs/folders/shared': () =>
        jsonResponse({ folders: shared ? [folder] : [], cursor: null }),
      [METADATA]: () => jsonResponse({ folder, files: [], cursor: null }),
      [SHARES]: () => jsonResponse(sharesPage([])),
      ...api,
    },
  });
  await screen.findByTestId('screen-export', {}, { timeout: 10_000 });
  if (shared) await app.user.click(screen.getByTestId('staticdocs-view-sharedFolder'));
  const shareButton = await screen.findByTestId('folder-share');
  await app.user.click(shareButton);
  const dialog = await screen.findByTestId('share-dialog');
  return { ...app, dialog, shareButton };
}

const findToast = (text: string) =>
  within(screen.getByRole('region', { name: /F8/, hidden: true })).findByText(text);

describe('/app/export: the Share dialog of an own folder', () => {
  it('is a modal named after the folder: focus stays inside, Escape closes it and focus returns', async () => {
    const { user, dialog, shareButton, fetchMock } = await openShareDialog({});
    expect(dialog).toHaveAccessibleName('Share “API docs”');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(await within(dialog).findByTestId('share-list-empty')).toHaveTextContent(
      'Not shared yet.',
    );
    // the folder is read again on opening: its public link may have changed elsewhere
    expect(requestsTo(fetchMock, METADATA)).toHaveLength(1);
    for (let i = 0; i < 25; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());
    expect(shareButton).toHaveFocus();
    // 25 tabs through jsdom's focus handling, the file's first render: over 5 s on a busy machine
  }, 20_000);

  it('turns the public link on (the new link shown once, with Copy), and off after a confirmation', async () => {
    const { user, dialog, fetchMock } = await openShareDialog({
      'POST /api/v1/staticdocs/folder/f1/share/public': () =>
        jsonResponse(
          {
            share_id: 'pub1',
            slug: 'slug-1',
            url: 'http://app.test/api/v1/staticdocs/public/slug-1',
          },
          201,
        ),
      'DELETE /api/v1/staticdocs/folder/f1/share/pub1': () => new Response(null, { status: 204 }),
    });
    const section = within(dialog).getByTestId('share-public');
    const toggle = within(section).getByRole('switch', { name: 'Public link' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    const link = await within(section).findByTestId('share-public-link');
    expect(within(link).getByTestId('share-new-link-url')).toHaveValue(
      'http://app.test/api/v1/staticdocs/public/slug-1',
    );
    expect(link).toHaveTextContent('it cannot be shown again');
    const copy = within(link).getByRole('button', { name: 'Copy' });
    expect(copy).toHaveFocus();
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(
      'http://app.test/api/v1/staticdocs/public/slug-1',
    );
    expect(within(link).getByTestId('share-new-link-copied')).toHaveTextContent('Link copied');
    expect(toggle).toBeChecked();
    // the folder's summary is read again
    await waitFor(() => expect(requestsTo(fetchMock, METADATA)).toHaveLength(2));

    await user.click(within(link).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByTestId('share-public-link')).toBeNull();
    expect(within(section).getByTestId('share-public-replace')).toBeVisible();

    await user.click(toggle);
    const confirm = await screen.findByRole('alertdialog', { name: 'Turn off the public link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await user.click(await screen.findByTestId('share-confirm'));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(requestsTo(fetchMock, 'DELETE /api/v1/staticdocs/folder/f1/share/pub1')).toHaveLength(1);
    // said in the dialog, not by a toast, which would take the dialog's first Escape
    expect(within(dialog).getByTestId('share-announcement')).toHaveTextContent(
      'The public link is off',
    );
    expect(screen.getByRole('region', { name: /F8/, hidden: true })).not.toHaveTextContent(
      'The public link is off',
    );
  });

  it("starts from the folder's public link and replaces a lost one after a confirmation", async () => {
    const folder = testFolder('f1', 'API docs', {
      shares: [{ share_id: 'pub0', kind: 'public', permission: 'viewer', expires_at: null }],
    });
    const { user, dialog, fetchMock } = await openShareDialog(
      {
        'POST /api/v1/staticdocs/folder/f1/share/public': () =>
          jsonResponse({ share_id: 'pub1', slug: 's', url: 'http://app.test/p/new' }, 201),
      },
      { folder },
    );
    expect(within(dialog).getByRole('switch', { name: 'Public link' })).toBeChecked();
    await user.click(within(dialog).getByTestId('share-public-replace'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace the public link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make a new link' }));
    expect(await within(dialog).findByTestId('share-new-link-url')).toHaveValue(
      'http://app.test/p/new',
    );
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/folder/f1/share/public')).toHaveLength(1);
  });

  it('makes private links with a permission and a preset or chosen expiry', async () => {
    let made = 0;
    const { user, dialog, fetchMock } = await openShareDialog({
      'POST /api/v1/staticdocs/folder/f1/share/private': (_url, init) => {
        made += 1;
        const body = JSON.parse(String(init.body)) as { permission: string };
        return jsonResponse(
          {
            share_id: `p${made}`,
            slug: `slug-${made}`,
            url: `http://app.test/invite/folder/private/slug-${made}`,
            permission: body.permission,
            expires_at: '2026-12-25T10:00:00.000Z',
          },
          201,
        );
      },
    });
    const form = within(dialog).getByTestId('share-private-form');
    // viewer for 7 days by default
    await user.click(within(form).getByRole('button', { name: 'Make private link' }));
    const link = await within(dialog).findByTestId('share-private-link');
    expect(within(link).getByTestId('share-new-link-url')).toHaveValue(
      'http://app.test/invite/folder/private/slug-1',
    );
    expect(link).toHaveTextContent('gets viewer access until');
    expect(link).toHaveTextContent('cannot be shown again');

    await user.click(within(form).getByRole('radio', { name: 'editor' }));
    await user.click(within(form).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: '30 days' }));
    await user.click(within(form).getByRole('button', { name: 'Make private link' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('share-new-link-url')).toHaveValue(
        'http://app.test/invite/folder/private/slug-2',
      ),
    );

    await user.click(within(form).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: 'Until a date…' }));
    const date = within(form).getByLabelText('Last day the link works');
    // nothing chosen: named at the field, nothing sent
    await user.click(within(form).getByRole('button', { name: 'Make private link' }));
    expect(within(form).getByTestId('share-expiry-error')).toHaveTextContent(
      'Choose the day the link expires',
    );
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await user.type(date, '2099-01-01');
    expect(within(form).queryByTestId('share-expiry-error')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Make private link' }));
    expect(within(form).getByTestId('share-expiry-error')).toHaveTextContent(
      'A private link can last at most 365 days',
    );

    const next = new Date();
    next.setDate(next.getDate() + 10);
    const day = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
    await user.clear(date);
    await user.type(date, day);
    await user.click(within(form).getByRole('button', { name: 'Make private link' }));
    await waitFor(() => expect(made).toBe(3));

    const sent = requestsTo(fetchMock, 'POST /api/v1/staticdocs/folder/f1/share/private').map(
      (request) => request.body,
    );
    const endOfDay = new Date(next.getFullYear(), next.getMonth(), next.getDate(), 23, 59, 59);
    expect(sent).toEqual([
      { permission: 'viewer', expiry: 7 * 86_400 },
      { permission: 'editor', expiry: 30 * 86_400 },
      { permission: 'editor', expiry: endOfDay.toISOString() },
    ]);
  });

  it('shows a refused private link by field (400), above the form (429) or as a toast', async () => {
    let answer = () => refused(400, 'The expiry must be in the future', 'body.expiry');
    const { user, dialog } = await openShareDialog({
      'POST /api/v1/staticdocs/folder/f1/share/private': () => answer(),
    });
    const form = within(dialog).getByTestId('share-private-form');
    const submit = within(form).getByRole('button', { name: 'Make private link' });
    await user.click(submit);
    expect(await within(form).findByTestId('share-expiry-error')).toHaveTextContent(
      'The expiry must be in the future',
    );
    expect(within(form).getByRole('combobox', { name: 'Expires after' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    answer = () => {
      const response = refused(429, 'Too many requests, retry in 1 minute');
      response.headers.set('Retry-After', '60');
      return response;
    };
    await user.click(submit);
    expect(await within(form).findByTestId('share-private-error')).toHaveTextContent(
      'Too many requests, retry in 1 minute. Try again in 60 seconds.',
    );

    answer = () => refused(403, 'Only the owner of this folder can do this');
    await user.click(submit);
    expect(await findToast('Only the owner of this folder can do this')).toBeInTheDocument();
    expect(within(form).queryByTestId('share-private-error')).toBeNull();
  });

  it('invites several addresses by e-mail as viewers, after checking them', async () => {
    let listed: Share[] = [];
    const { user, dialog, fetchMock } = await openShareDialog({
      [SHARES]: () => jsonResponse(sharesPage(listed)),
      'POST /api/v1/staticdocs/folder/f1/share/email': () => {
        listed = [
          share('e1', { kind: 'email', email: 'ada@example.com', status: 'pending' }),
          share('e2', { kind: 'email', email: 'grace@example.com', status: 'undelivered' }),
        ];
        return jsonResponse({ permission: 'viewer', invitations: listed }, 201);
      },
    });
    const form = within(dialog).getByTestId('share-email-form');
    const field = within(form).getByLabelText('E-mail addresses');
    expect(form).toHaveTextContent('E-mail shares grant viewer');
    await user.type(field, 'ada@example.com, grace');
    await user.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(within(form).getByTestId('share-emails-error')).toHaveTextContent(
      'Not an e-mail address: grace',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/folder/f1/share/email')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Ada@Example.com\ngrace@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(await within(form).findByTestId('share-email-sent')).toHaveTextContent(
      'Invitation sent to 1 address. The mail server refused the mail to grace@example.com',
    );
    expect(field).toHaveValue('');
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/folder/f1/share/email')[0]!.body).toEqual(
      { permission: 'viewer', email_ids: ['ada@example.com', 'grace@example.com'] },
    );

    // the list is read again and shows each invitation's status
    const rows = await within(dialog).findAllByTestId('share-row');
    expect(rows.map((row) => row.dataset.status)).toEqual(['pending', 'undelivered']);
    expect(within(rows[0]!).getByTestId('share-name')).toHaveTextContent('ada@example.com');
    expect(within(rows[0]!).getByTestId('share-expires')).toHaveTextContent('Use by');
  });

  it('names an address the server refused next to the field', async () => {
    const { user, dialog } = await openShareDialog({
      'POST /api/v1/staticdocs/folder/f1/share/email': () =>
        refused(400, 'body.email_ids.0: Invalid email address', 'body.email_ids.0'),
    });
    const form = within(dialog).getByTestId('share-email-form');
    await user.type(within(form).getByLabelText('E-mail addresses'), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(await within(form).findByTestId('share-emails-error')).toHaveTextContent(
      /^Invalid email address$/,
    );
  });
});

describe('/app/export: the list of shares', () => {
  const listed = [
    share('pub', {
      kind: 'public',
      expires_at: null,
      opens: 3,
      last_opened_at: '2026-11-25T12:00:00.000Z',
    }),
    share('priv', { opens: 1, created_by: { user_id: 'u-ed', name: 'Edith Editor' } }),
    share('inv', {
      kind: 'email',
      email: 'ada@example.com',
      status: 'accepted',
      expires_at: null,
      accepted_by: { user_id: 'u-ada', name: 'Ada Lovelace' },
      accepted_at: '2026-11-25T11:00:00.000Z',
    }),
    share('old', { status: 'expired', expires_at: '2026-11-20T10:00:00.000Z' }),
    share('gone', {
      kind: 'email',
      email: 'bob@example.com',
      status: 'revoked',
      revoked_at: '2026-11-21T10:00:00.000Z',
    }),
  ];

  it('shows status, expiry, opens and who used an invitation; only live shares can be revoked', async () => {
    const { dialog } = await openShareDialog({
      [SHARES]: () => jsonResponse(sharesPage(listed)),
    });
    const rows = await within(dialog).findAllByTestId('share-row');
    const text = (row: HTMLElement, id: string) => within(row).getByTestId(id).textContent;
    expect(rows.map((row) => text(row, 'share-status'))).toEqual([
      'Active',
      'Active',
      'Accepted',
      'Expired',
      'Revoked',
    ]);
    const [pub, priv, inv, old, gone] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(text(pub, 'share-name')).toBe('Public link');
    expect(text(pub, 'share-expires')).toBe('When turned off');
    expect(text(pub, 'share-opens')).toBe('3');
    expect(priv).toHaveTextContent('by Edith Editor');
    expect(text(inv, 'share-accepted-by')).toMatch(/^Ada Lovelace · /);
    expect(text(inv, 'share-expires')).toBe('When revoked');
    expect(text(old, 'share-expires')).toMatch(/^Expired /);
    expect(text(gone, 'share-expires')).toMatch(/^Revoked /);
    expect(
      rows.map((row) => within(row).queryByRole('button', { name: /^Revoke/ }) !== null),
    ).toEqual([true, true, true, false, false]);
  });

  it('revokes a share after a confirmation and reads the list again', async () => {
    let shares = listed.slice(1, 2);
    const { user, dialog, fetchMock } = await openShareDialog({
      [SHARES]: () => jsonResponse(sharesPage(shares)),
      'DELETE /api/v1/staticdocs/folder/f1/share/priv': () => {
        shares = [{ ...shares[0]!, status: 'revoked', revoked_at: '2026-11-25T13:00:00.000Z' }];
        return new Response(null, { status: 204 });
      },
    });
    const row = await within(dialog).findByTestId('share-row');
    await user.click(within(row).getByRole('button', { name: /^Revoke private link/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this private link?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Escape closed the confirmation only, and focus is back on Revoke
    expect(screen.getByTestId('share-dialog')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Revoke private link/ })).toHaveFocus();
    expect(requestsTo(fetchMock, 'DELETE /api/v1/staticdocs/folder/f1/share/priv')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: /^Revoke private link/ }));
    await user.click(await screen.findByTestId('share-confirm'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('share-row')).toHaveAttribute('data-status', 'revoked'),
    );
    expect(requestsTo(fetchMock, 'DELETE /api/v1/staticdocs/folder/f1/share/priv')).toHaveLength(1);
    expect(within(dialog).getByTestId('share-announcement')).toHaveTextContent(
      'Private link revoked',
    );
    // one Escape closes the dialog
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());
  });

  it('says why a public link or a revoke was refused: 429 in the dialog, others as toasts', async () => {
    const { user, dialog } = await openShareDialog({
      [SHARES]: () => jsonResponse(sharesPage(listed.slice(1, 2))),
      'POST /api/v1/staticdocs/folder/f1/share/public': () => {
        const response = refused(429, 'Too many attempts, try again later');
        response.headers.set('Retry-After', '30');
        return response;
      },
      'DELETE /api/v1/staticdocs/folder/f1/share/priv': () => refused(404, 'Share not found'),
    });
    const toggle = within(dialog).getByRole('switch', { name: 'Public link' });
    await user.click(toggle);
    expect(await within(dialog).findByTestId('share-public-error')).toHaveTextContent(
      'Too many attempts, try again later. Try again in 30 seconds.',
    );
    expect(toggle).not.toBeChecked();

    const row = await within(dialog).findByTestId('share-row');
    await user.click(within(row).getByRole('button', { name: /^Revoke private link/ }));
    await user.click(await screen.findByTestId('share-confirm'));
    expect(await findToast('Share not found')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-status', 'active');
  });

  it('pages with "Load more", and shows a failure with "Try again"', async () => {
    let fail = true;
    const { user, dialog, fetchMock } = await openShareDialog({
      [SHARES]: (url) =>
        fail
          ? refused(503, 'Database busy')
          : url.includes('cursor=c1')
            ? jsonResponse(sharesPage(listed.slice(2, 3)))
            : jsonResponse(sharesPage(listed.slice(0, 2), 'c1')),
    });
    const failure = await within(dialog).findByTestId('share-list-error');
    expect(failure).toHaveTextContent('Database busy');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('share-row')).toHaveLength(2));
    await user.click(within(dialog).getByTestId('share-list-more'));
    await waitFor(() => expect(within(dialog).getAllByTestId('share-row')).toHaveLength(3));
    expect(within(dialog).queryByTestId('share-list-more')).toBeNull();
    expect(
      requestsTo(fetchMock, SHARES)
        .map((request) => request.url)
        .slice(-2),
    ).toEqual([
      '/api/v1/staticdocs/folder/f1/shares?limit=20',
      '/api/v1/staticdocs/folder/f1/shares?limit=20&cursor=c1',
    ]);
  });
});

describe('/app/export: folders shared with me', () => {
  const teamDocs = (overrides: Partial<Folder>) =>
    testFolder('f1', 'Team docs', {
      owner: { user_id: 'u-grace', name: 'Grace Hopper' },
      permission: 'viewer',
      shares: [
        {
          share_id: 's1',
          kind: 'private',
          permission: 'viewer',
          expires_at: '2026-12-01T09:30:00.000Z',
        },
      ],
      ...overrides,
    });

  it('shows the owner, the permission and when access ends; a viewer cannot share', async () => {
    const { user } = renderApp('/app/export', {
      session: 'logged-in',
      api: {
        'GET /api/v1/staticdocs/folders/creator': () => jsonResponse({ folders: [], cursor: null }),
        'GET /api/v1/staticdocs/folders/shared': () =>
          jsonResponse({
            folders: [
              teamDocs({}),
              testFolder('f2', 'Kept docs', {
                owner: { user_id: 'u-grace', name: 'Grace Hopper' },
                permission: 'viewer',
                shares: [{ share_id: 's2', kind: 'email', permission: 'viewer', expires_at: null }],
              }),
            ],
            cursor: null,
          }),
      },
    });
    await user.click(
      await screen.findByTestId('staticdocs-view-sharedFolder', {}, { timeout: 10_000 }),
    );
    const [first, second] = (await screen.findAllByTestId('folder-row')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByTestId('folder-owner')).toHaveTextContent(
      'Shared by Grace Hopper · viewer',
    );
    expect(within(first).getByTestId('folder-access-ends')).toHaveTextContent(
      new Date('2026-12-01T09:30:00.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
    expect(within(second).getByTestId('folder-access-ends')).toHaveTextContent('When revoked');
    expect(within(first).queryByTestId('folder-share')).toBeNull();
    expect(within(first).getByRole('button', { name: 'Remove from my list' })).toBeVisible();
    expect(within(first).getByTestId('folder-open')).toBeEnabled();
  });

  it('lets an editor share as viewer: no public link, no editor links, only their own shares', async () => {
    const { dialog } = await openShareDialog(
      {},
      { folder: teamDocs({ permission: 'editor' }), shared: true },
    );
    expect(dialog).toHaveTextContent("As an editor of Grace Hopper's site");
    expect(within(dialog).queryByTestId('share-public')).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'editor' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Only the owner can give editor access.');
    expect(within(dialog).getByRole('heading', { name: 'Shares you made' })).toBeVisible();
    expect(await within(dialog).findByTestId('share-list-empty')).toHaveTextContent(
      'You have not shared this site yet.',
    );
  });
});

describe('/app/export: what an owner sees of their shares on the card', () => {
  it('sums up the live shares', async () => {
    renderApp('/app/export', {
      session: 'logged-in',
      api: {
        'GET /api/v1/staticdocs/folders/creator': () =>
          jsonResponse({
            folders: [
              testFolder('f1', 'API docs', {
                shares: [
                  { share_id: 'a', kind: 'public', permission: 'viewer', expires_at: null },
                  { share_id: 'b', kind: 'private', permission: 'editor', expires_at: null },
                  { share_id: 'c', kind: 'private', permission: 'viewer', expires_at: null },
                  { share_id: 'd', kind: 'email', permission: 'viewer', expires_at: null },
                ],
              }),
              testFolder('f2', 'Quiet docs'),
            ],
            cursor: null,
          }),
      },
    });
    const rows = await screen.findAllByTestId('folder-row', {}, { timeout: 10_000 });
    expect(within(rows[0]!).getByTestId('folder-shared')).toHaveTextContent(
      'Public link · 2 private links · 1 invitation',
    );
    expect(within(rows[1]!).getByTestId('folder-shared')).toHaveTextContent('Not shared');
  });
});
