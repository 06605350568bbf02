import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepoJson, Task } from '@codedocs/contract';
import { dismissToast } from '@/hooks/use-toast';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testRepo, testSshKey, testTask } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const sshRepo: RepoJson = {
  ...testRepo,
  repo_id: 'repo-2',
  name: 'firmware',
  url: 'git@git.example:acme/firmware.git',
  method: 'ssh',
  ssh_key_name: 'laptop',
  host_key_fingerprint: 'SHA256:hostkeyfingerprint0123456789',
  languages: ['C'],
};

/** An event stream the test writes task events into. */
function taskStream() {
  const encoder = new TextEncoder();
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  return {
    route: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => void controllers.push(controller),
        }),
        { headers: { 'Content-Type': 'text/event-stream' } },
      ),
    send: (task: Task) => {
      for (const controller of controllers) {
        try {
          controller.enqueue(encoder.encode(`event: task\ndata: ${JSON.stringify(task)}\n\n`));
        } catch {
          // A closed (aborted) stream.
        }
      }
    },
  };
}

afterEach(() => {
  act(() => dismissToast());
});

/** A toast's title or description, looked for in the toast viewport only. */
const findToast = (text: string) =>
  within(screen.getByRole('region', { name: /F8/ })).findByText(text);

async function openRepositories(api: ApiRoutes = {}, { strict = false } = {}) {
  const app = renderApp('/app/repository', { session: 'logged-in', api, strict });
  await screen.findByTestId('screen-repository');
  return app;
}

const listing =
  (...repos: RepoJson[]) =>
  () =>
    jsonResponse({ repos });

describe('/app/repository: list', () => {
  it('explains and offers Connect when there are no repositories', async () => {
    await openRepositories();
    const empty = await screen.findByTestId('repos-empty');
    expect(empty).toHaveTextContent('No repositories yet');
    expect(
      within(empty).getByRole('button', { name: /connect your first repository/i }),
    ).toBeVisible();
    expect(screen.getByTestId('connect-repo-button')).toHaveTextContent('Connect repository');
  });

  it('shows each repo with its details and filters them by name', async () => {
    const { user } = await openRepositories({ 'GET /api/v0/repo': listing(testRepo, sshRepo) });
    const rows = await screen.findAllByTestId('repo-row');
    expect(rows.map((row) => row.dataset.repoName)).toEqual(['engine', 'firmware']);
    expect(screen.getByTestId('repo-count')).toHaveTextContent('2 repositories');

    const engine = rows[0]!;
    expect(engine).toHaveTextContent(testRepo.url);
    expect(engine).toHaveTextContent('https');
    expect(engine).toHaveTextContent('main');
    expect(engine).toHaveTextContent('0123456');
    expect(engine).toHaveTextContent('87');
    expect(engine).toHaveTextContent('TypeScript');
    expect(within(engine).getByTestId('repo-status')).toHaveTextContent('Connected');
    expect(within(engine).queryByTestId('repo-host-key')).toBeNull();
    expect(within(rows[1]!).getByTestId('repo-host-key')).toHaveTextContent(
      'SHA256:hostkeyfingerprint0123456789',
    );

    await user.type(screen.getByTestId('repo-filter'), 'FIRM');
    expect(screen.getAllByTestId('repo-row').map((row) => row.dataset.repoName)).toEqual([
      'firmware',
    ]);
    await user.clear(screen.getByTestId('repo-filter'));
    await user.type(screen.getByTestId('repo-filter'), 'nothing');
    expect(screen.queryAllByTestId('repo-row')).toEqual([]);
    expect(screen.getByTestId('repos-no-match')).toBeVisible();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const { user } = await openRepositories({
      'GET /api/v0/repo': () =>
        fail ? new Response('', { status: 500 }) : jsonResponse({ repos: [testRepo] }),
    });
    const failure = await screen.findByTestId('repos-error');
    expect(failure).toHaveTextContent('Failed to fetch repos');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('repo-row')).toHaveAttribute('data-repo-name', 'engine');
  });
});

describe('/app/repository: actions', () => {
  it('syncs a repo and reports the new commit', async () => {
    const { user, fetchMock } = await openRepositories({
      'GET /api/v0/repo': listing(testRepo),
      'POST /api/v0/repo/sync': () =>
        jsonResponse({ repo: { ...testRepo, commit_id: 'abcdef0123456789' } }),
    });
    await user.click(await screen.findByTestId('repo-sync'));
    expect(await findToast('Repository synced')).toBeVisible();
    expect(screen.getByTestId('repo-row')).toHaveTextContent('abcdef0');
    expect(requestsTo(fetchMock, 'POST /api/v0/repo/sync')[0]?.body).toEqual({
      repo_id: 'repo-1',
    });
  });

  it('shows the progress of a running sync from its task', async () => {
    const stream = taskStream();
    let release: () => void = () => undefined;
    const { user, fetchMock } = await openRepositories({
      'GET /api/v0/repo': listing(testRepo),
      'GET /api/v1/events': stream.route,
      'POST /api/v0/repo/sync': () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse({ repo: testRepo }));
        }),
    });
    await user.click(await screen.findByTestId('repo-sync'));
    expect(screen.getByTestId('repo-status')).toHaveTextContent('Syncing');
    expect(screen.getByTestId('repo-sync')).toBeDisabled();
    const taskId = requestsTo(fetchMock, 'POST /api/v0/repo/sync')[0]?.headers.get('x-task-id');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/v1/events').length).toBe(1));
    stream.send(
      testTask({
        task_id: taskId ?? '',
        kind: 'repo.sync',
        progress: { done: 1, total: 3 },
        message: 'Fetching',
      }),
    );
    expect(await screen.findByTestId('repo-task')).toHaveTextContent('Fetching (1/3)');
    release();
    expect(await findToast('Repository synced')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('repo-task')).toBeNull());
    expect(screen.getByTestId('repo-status')).toHaveTextContent('Connected');
  });

  it('says "Already up to date" when the sync answers 304', async () => {
    const { user } = await openRepositories({
      'GET /api/v0/repo': listing(testRepo),
      'POST /api/v0/repo/sync': () => new Response(null, { status: 304 }),
    });
    await user.click(await screen.findByTestId('repo-sync'));
    expect(await findToast('Already up to date')).toBeVisible();
    expect(screen.getByTestId('repo-status')).toHaveTextContent('Connected');
  });

  it('shows a failed sync as an error status and a "Failed to sync repo" toast', async () => {
    const { user } = await openRepositories({
      'GET /api/v0/repo': listing(testRepo),
      'POST /api/v0/repo/sync': () =>
        jsonResponse({ statusCode: 502, code: 'remote', message: 'Remote unreachable' }, 502),
    });
    await user.click(await screen.findByTestId('repo-sync'));
    expect(await findToast('Failed to sync repo')).toBeVisible();
    expect(screen.getByTestId('repo-status')).toHaveTextContent('Error');
    expect(screen.getByTestId('repo-error')).toHaveTextContent('Remote unreachable');
  });

  it('switches the branch from the branch menu, the current one marked', async () => {
    const { user, fetchMock } = await openRepositories({
      'GET /api/v0/repo': listing(testRepo),
      'GET /api/v0/repo/repo-1/branches': () =>
        jsonResponse({
          branches: [
            { name: 'dev', commit_id: 'c2', is_default: false, is_current: false },
            { name: 'main', commit_id: 'c1', is_default: true, is_current: true },
          ],
        }),
      'POST /api/v0/repo/checkout': () => jsonResponse({ repo: { ...testRepo, branch: 'dev' } }),
    });
    await user.click(await screen.findByTestId('repo-branch-menu'));
    const main = await screen.findByRole('menuitem', { name: /main/ });
    expect(main).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('menuitem', { name: /dev/ }));
    expect(await findToast('Branch switched')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST /api/v0/repo/checkout')[0]?.body).toEqual({
      repo_id: 'repo-1',
      branch_name: 'dev',
    });
    expect(screen.getByTestId('repo-branch-menu')).toHaveTextContent('dev');
  });

  it('deletes a repo only after the confirmation naming it', async () => {
    const { user, fetchMock } = await openRepositories({
      'GET /api/v0/repo': listing(testRepo, sshRepo),
      'DELETE /api/v0/repo/repo-1': () => jsonResponse({ repo_id: 'repo-1' }),
    });
    const [engine] = await screen.findAllByTestId('repo-row');
    await user.click(within(engine!).getByTestId('repo-delete'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete engine?');
    expect(dialog).toHaveTextContent('Its objects also leave the pockets they are in.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, 'DELETE /api/v0/repo/repo-1')).toHaveLength(0);

    await user.click(within(engine!).getByTestId('repo-delete'));
    await user.click(await screen.findByTestId('repo-delete-confirm'));
    expect(await findToast('Repository deleted')).toBeVisible();
    expect(screen.getAllByTestId('repo-row').map((row) => row.dataset.repoName)).toEqual([
      'firmware',
    ]);
  });

  it('shows a failed delete as "Failed to delete repo"', async () => {
    const { user } = await openRepositories({
      'GET /api/v0/repo': listing(testRepo),
      'DELETE /api/v0/repo/repo-1': () => new Response('', { status: 500 }),
    });
    await user.click(await screen.findByTestId('repo-delete'));
    await user.click(await screen.findByTestId('repo-delete-confirm'));
    expect(await findToast('Failed to delete repo')).toBeVisible();
    expect(screen.getByTestId('repo-status')).toHaveTextContent('Error');
    expect(screen.getByTestId('repo-error')).toHaveTextContent('Failed to delete repo');
  });
});

describe('/app/repository: connect', () => {
  function connectAnswer(url: string, init: RequestInit) {
    const taskId = new Headers(init.headers).get('x-task-id') ?? '';
    void url;
    return jsonResponse(
      {
        task_id: taskId,
        repo_id: 'repo-9',
        url: 'https://git.example/acme/new.git',
        method: 'https',
        queued: true,
      },
      202,
    );
  }

  async function submitConnect(user: ReturnType<typeof renderApp>['user'], url: string) {
    await user.click(await screen.findByTestId('connect-repo-button'));
    await user.type(await screen.findByTestId('connect-url'), url);
    await user.click(screen.getByTestId('connect-submit'));
  }

  it('queues the connect, follows the task progress and lists the repo when it succeeds', async () => {
    Cookies.set('ps', 'plan-token');
    const stream = taskStream();
    let repos: RepoJson[] = [];
    const newRepo: RepoJson = { ...testRepo, repo_id: 'repo-9', name: 'new' };
    const { user, fetchMock } = await openRepositories(
      {
        'GET /api/v0/repo': () => jsonResponse({ repos }),
        'POST /api/v2/repo/connect': connectAnswer,
        'GET /api/v1/events': stream.route,
      },
      { strict: true },
    );
    Cookies.set('ps', 'plan-token');
    await submitConnect(user, 'https://git.example/acme/new.git');

    const entry = await screen.findByTestId('connecting-entry');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(entry).toHaveTextContent('https://git.example/acme/new.git');
    expect(entry).toHaveTextContent('Queued');
    const [sent] = requestsTo(fetchMock, 'POST /api/v2/repo/connect');
    const taskId = sent?.headers.get('x-task-id') ?? '';
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.headers.get('x-plan')).toBe('plan-token');
    expect(sent?.body).toEqual({
      external_repo_url: 'https://git.example/acme/new.git',
      method: 'https',
    });

    // Strict mode subscribes twice; the first connection is aborted at once.
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/v1/events').length).toBeGreaterThan(0),
    );
    stream.send(testTask({ task_id: taskId, progress: { done: 2, total: 4 }, message: 'Cloning' }));
    await waitFor(() => expect(entry).toHaveTextContent('Cloning (2/4)'));
    expect(within(entry).getByTestId('task-progress')).toHaveAttribute('aria-valuenow', '2');

    repos = [newRepo];
    stream.send(testTask({ task_id: taskId, status: 'succeeded', result: { repo_id: 'repo-9' } }));
    expect(await findToast('Repository connected')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('connecting-entry')).toBeNull());
    expect(screen.getByTestId('repo-row')).toHaveAttribute('data-repo-name', 'new');
  });

  it('turns a failed connect into a lasting card with a sentence, the detail, Retry and Dismiss', async () => {
    const stream = taskStream();
    const { user, fetchMock } = await openRepositories({
      'POST /api/v2/repo/connect': connectAnswer,
      'GET /api/v1/events': stream.route,
    });
    await submitConnect(user, 'https://git.example/acme/new.git');
    await screen.findByTestId('connecting-entry');
    const taskId = requestsTo(fetchMock, 'POST /api/v2/repo/connect')[0]?.headers.get('x-task-id');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/v1/events').length).toBe(1));
    const gitSaid =
      "git failed: fatal: unable to access 'https://git.example/acme/new.git/': The requested URL returned error: 403";
    stream.send(testTask({ task_id: taskId ?? '', status: 'failed', error: gitSaid }));
    const sentence = 'The server refused access: check the URL or use SSH with a key.';
    expect(await findToast('Failed to connect repo')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('connecting-entry')).toBeNull());
    // the toast goes; the card stays, with no raw git text as its message
    act(() => dismissToast());
    const card = await screen.findByTestId('failed-connection');
    expect(card).toHaveTextContent('Failed to connect repo');
    expect(within(card).getByTestId('failed-connection-reason')).toHaveTextContent(sentence);
    expect(within(card).getByTestId('failed-connection-reason')).not.toHaveTextContent('fatal');
    await user.click(within(card).getByText('Technical detail'));
    expect(within(card).getByTestId('failed-connection-detail')).toHaveTextContent(gitSaid);
    // the empty state is not shown under a connect's card
    expect(screen.queryByTestId('repos-empty')).toBeNull();

    // Retry asks again with the same request; the card gives way to the new attempt
    await user.click(within(card).getByTestId('failed-connection-retry'));
    await screen.findByTestId('connecting-entry');
    const retried = requestsTo(fetchMock, 'POST /api/v2/repo/connect');
    expect(retried).toHaveLength(2);
    expect(retried[1]?.body).toEqual({
      external_repo_url: 'https://git.example/acme/new.git',
      method: 'https',
    });
    expect(screen.queryByTestId('failed-connection')).toBeNull();
    const secondId = retried[1]?.headers.get('x-task-id') ?? '';
    stream.send(
      testTask({
        task_id: secondId,
        status: 'failed',
        error: 'This repository is already connected',
      }),
    );
    const again = await screen.findByTestId('failed-connection');
    // a sentence the server wrote is shown as it is, without a detail
    expect(within(again).getByTestId('failed-connection-reason')).toHaveTextContent(
      'This repository is already connected',
    );
    expect(within(again).queryByText('Technical detail')).toBeNull();
    await user.click(within(again).getByTestId('failed-connection-dismiss'));
    expect(screen.queryByTestId('failed-connection')).toBeNull();
    expect(await screen.findByTestId('repos-empty')).toBeVisible();
  });

  it('shows a retry waiting after a failed attempt, not just "Queued"', async () => {
    const stream = taskStream();
    const { user, fetchMock } = await openRepositories({
      'POST /api/v2/repo/connect': (_url: string, init: RequestInit) =>
        jsonResponse(
          {
            task_id: new Headers(init.headers).get('x-task-id') ?? '',
            repo_id: 'repo-9',
            url: 'git://git.example/acme/new.git',
            method: 'https',
            queued: true,
          },
          202,
        ),
      'GET /api/v1/events': stream.route,
    });
    await submitConnect(user, 'git://git.example/acme/new.git');
    const entry = await screen.findByTestId('connecting-entry');
    // git:// is labelled as such, not as HTTPS
    expect(entry).toHaveTextContent('git');
    expect(entry).not.toHaveTextContent(/https/i);
    const taskId = requestsTo(fetchMock, 'POST /api/v2/repo/connect')[0]?.headers.get('x-task-id');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/v1/events').length).toBe(1));
    stream.send(
      testTask({
        task_id: taskId ?? '',
        status: 'queued',
        error: 'git failed: fatal: unable to access: Could not resolve host: git.example',
      }),
    );
    await waitFor(() =>
      expect(within(entry).getByTestId('connecting-state')).toHaveTextContent(
        'Retrying after a failed attempt',
      ),
    );
    expect(within(entry).getByTestId('connecting-retry-reason')).toHaveTextContent(
      'The host could not be reached',
    );
  });

  it('suggests the https URL for an address typed without a scheme', async () => {
    const { user, fetchMock } = await openRepositories();
    await submitConnect(user, 'github.com/pallets/flask');
    expect(await screen.findByTestId('connect-url-error')).toHaveTextContent(
      'Did you mean https://github.com/pallets/flask?',
    );
    expect(requestsTo(fetchMock, 'POST /api/v2/repo/connect')).toHaveLength(0);
    await user.click(
      within(screen.getByTestId('connect-url-suggestion')).getByRole('button', {
        name: 'https://github.com/pallets/flask',
      }),
    );
    expect(screen.getByTestId('connect-url')).toHaveValue('https://github.com/pallets/flask');
  });

  it('shows again the connects still cloning after a reload, and drops them when they end', async () => {
    const stream = taskStream();
    const pending = testTask({
      task_id: 'task-reload',
      status: 'queued',
      progress: { done: 0, total: 0 },
      message: null,
      subject: { repo_id: 'repo-7', url: 'https://git.example/acme/slow.git', method: 'https' },
    });
    const { fetchMock } = await openRepositories({
      'GET /api/v1/tasks': () => jsonResponse({ tasks: [pending] }),
      'GET /api/v1/events': stream.route,
    });

    const entry = await screen.findByTestId('connecting-entry');
    expect(entry).toHaveTextContent('https://git.example/acme/slow.git');
    expect(entry).toHaveTextContent('Queued');
    expect(requestsTo(fetchMock, 'GET /api/v1/tasks')[0]?.url).toContain('kind=repo.connect');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/v1/events').length).toBe(1));
    stream.send({ ...pending, status: 'failed', error: 'Repository not found.' });
    expect(await findToast('Failed to connect repo')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('connecting-entry')).toBeNull());
  });

  it('cancels a pending connect: the task is deleted and the entry leaves without an error', async () => {
    const stream = taskStream();
    const pending = testTask({
      task_id: 'task-cancel',
      status: 'running',
      subject: { repo_id: 'repo-8', url: 'https://git.example/acme/huge.git', method: 'https' },
    });
    const { user, fetchMock } = await openRepositories({
      'GET /api/v1/tasks': () => jsonResponse({ tasks: [pending] }),
      'GET /api/v1/events': stream.route,
      'DELETE /api/v1/tasks/task-cancel': () =>
        jsonResponse({ ...pending, status: 'failed', error: 'Cancelled by the user' }),
    });
    const entry = await screen.findByTestId('connecting-entry');

    await user.click(within(entry).getByTestId('connecting-cancel'));

    expect(await findToast('Connection cancelled')).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE /api/v1/tasks/task-cancel')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('connecting-entry')).toBeNull());
    stream.send({ ...pending, status: 'failed', error: 'Cancelled by the user' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Failed to connect repo')).toBeNull();
  });

  it('shows the server 400 message under the URL field', async () => {
    const { user } = await openRepositories({
      'POST /api/v2/repo/connect': () =>
        jsonResponse(
          {
            statusCode: 400,
            code: 'invalid_url',
            message: 'Use an https:// URL for HTTPS',
            field: 'body.external_repo_url',
          },
          400,
        ),
    });
    await submitConnect(user, 'ftp://nope');
    expect(await screen.findByTestId('connect-url-error')).toHaveTextContent(
      'Use an https:// URL for HTTPS',
    );
    expect(screen.getByTestId('connect-url')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('connecting-entry')).toBeNull();
  });

  it('shows a refused branch under the branch field and a duplicate under the URL', async () => {
    let answer = () =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'bad_request',
          message: 'This is not a valid branch name',
          field: 'body.branch',
        },
        400,
      );
    const { user } = await openRepositories({ 'POST /api/v2/repo/connect': () => answer() });
    await user.click(await screen.findByTestId('connect-repo-button'));
    await user.type(await screen.findByTestId('connect-url'), 'https://git.example/a.git');
    await user.type(screen.getByLabelText('Branch (optional)'), 'a..b');
    await user.click(screen.getByTestId('connect-submit'));
    expect(await screen.findByTestId('connect-branch-error')).toHaveTextContent(
      'This is not a valid branch name',
    );

    answer = () =>
      jsonResponse(
        { statusCode: 409, code: 'conflict', message: 'This repository is already connected' },
        409,
      );
    await user.click(screen.getByTestId('connect-submit'));
    expect(await screen.findByTestId('connect-url-error')).toHaveTextContent(
      'This repository is already connected',
    );
    expect(screen.queryByTestId('connect-branch-error')).toBeNull();
  });

  it('maps failures: a server answer without message, and no answer at all', async () => {
    let answer: () => Response | Promise<Response> = () => new Response('', { status: 500 });
    const { user } = await openRepositories({ 'POST /api/v2/repo/connect': () => answer() });
    await submitConnect(user, 'https://git.example/a.git');
    const alert = await screen.findByTestId('connect-error');
    expect(alert).toHaveTextContent('Failed to connect repo');
    expect(alert).toHaveTextContent('Something went wrong');

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByTestId('connect-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('connect-error')).toHaveTextContent('No response from server'),
    );
  });

  it('checks the URL before sending', async () => {
    const { user, fetchMock } = await openRepositories();
    await user.click(await screen.findByTestId('connect-repo-button'));
    await user.click(await screen.findByTestId('connect-submit'));
    expect(await screen.findByTestId('connect-url-error')).toHaveTextContent(
      'Enter a repository URL',
    );
    expect(requestsTo(fetchMock, 'POST /api/v2/repo/connect')).toHaveLength(0);
  });

  it('for SSH offers the keys, or a link to generate one', async () => {
    const { user, fetchMock } = await openRepositories({
      'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [] }),
    });
    await user.click(await screen.findByTestId('connect-repo-button'));
    await user.click(screen.getByRole('radio', { name: 'SSH' }));
    const hint = await screen.findByTestId('connect-no-keys');
    expect(within(hint).getByRole('link')).toHaveAttribute('href', '/app/settings/authentication');
    expect(screen.getByTestId('connect-submit')).toBeDisabled();
    expect(requestsTo(fetchMock, 'GET /api/v0/user/ssh-key')).toHaveLength(1);
  });

  it('sends the chosen key for SSH', async () => {
    const other = { ...testSshKey, name: 'ci' };
    const { user, fetchMock } = await openRepositories({
      'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [testSshKey, other] }),
      'POST /api/v2/repo/connect': connectAnswer,
    });
    await user.click(await screen.findByTestId('connect-repo-button'));
    await user.click(screen.getByRole('radio', { name: 'SSH' }));
    const select = await screen.findByLabelText('SSH key');
    expect(select).toHaveValue('ci');
    await user.selectOptions(select, 'laptop');
    await user.type(screen.getByTestId('connect-url'), 'git@git.example:acme/a.git');
    await user.type(screen.getByLabelText('Branch (optional)'), 'dev');
    await user.click(screen.getByTestId('connect-submit'));
    await screen.findByTestId('connecting-entry');
    expect(requestsTo(fetchMock, 'POST /api/v2/repo/connect')[0]?.body).toEqual({
      external_repo_url: 'git@git.example:acme/a.git',
      method: 'ssh',
      ssh_key_name: 'laptop',
      branch: 'dev',
    });
  });
});
