import { configureStore } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import type { RepoJson } from '@codedocs/contract';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { requestsTo, routeRequests } from '@/test/api-routes';
import { testRepo } from '@/test/fixtures';
import { connectionFinished, repoConnectionsReducer } from './connecting-slice';
import { repoTasksReducer } from './repo-tasks-slice';
import { newTaskId } from './task-id';
import {
  checkoutRepoBranch,
  connectRepository,
  deleteRepoById,
  fetchRepos,
  refreshRepos,
  reposReducer,
  syncRepoById,
} from './repos-slice';

const other: RepoJson = { ...testRepo, repo_id: 'repo-2', name: 'other', url: 'https://x/other' };

function makeStore() {
  return configureStore({
    reducer: {
      repos: reposReducer,
      repoConnections: repoConnectionsReducer,
      repoTasks: repoTasksReducer,
    },
  });
}

async function loadedStore(routes: Parameters<typeof routeRequests>[0]) {
  const fetchMock = stubFetch(
    routeRequests({
      'GET /api/v0/repo': () => jsonResponse({ repos: [testRepo, other] }),
      ...routes,
    }),
  );
  const store = makeStore();
  await store.dispatch(fetchRepos());
  return { store, fetchMock };
}

const statusOf = (store: ReturnType<typeof makeStore>, id = testRepo.repo_id) =>
  store.getState().repos.items.find((repo) => repo.repo_id === id);

describe('repos slice: delete', () => {
  it('sets deleting, then removes the repo', async () => {
    let release: () => void = () => undefined;
    const { store } = await loadedStore({
      'DELETE /api/v0/repo/repo-1': () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse({ repo_id: 'repo-1' }));
        }),
    });
    const running = store.dispatch(deleteRepoById('repo-1'));
    expect(statusOf(store)?.status).toBe('deleting');
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await running;
    expect(store.getState().repos.items.map((repo) => repo.repo_id)).toEqual(['repo-2']);
  });

  it('sets error with "Failed to delete repo" when the failure carries no message', async () => {
    const { store } = await loadedStore({
      'DELETE /api/v0/repo/repo-1': () => new Response('x', { status: 500 }),
    });
    const result = await store.dispatch(deleteRepoById('repo-1'));
    expect(result.payload).toEqual({ status: 500, message: 'Failed to delete repo' });
    expect(statusOf(store)).toMatchObject({ status: 'error', error: 'Failed to delete repo' });
    expect(statusOf(store, 'repo-2')?.status).toBe('connected');
  });
});

describe('repos slice: sync and branch switch', () => {
  it('sync sets syncing, then connected with the returned repo', async () => {
    const synced = { ...testRepo, commit_id: 'fff0000', status: 'syncing' };
    const { store, fetchMock } = await loadedStore({
      'POST /api/v0/repo/sync': () => jsonResponse({ repo: synced }),
    });
    const running = store.dispatch(syncRepoById('repo-1'));
    expect(statusOf(store)?.status).toBe('syncing');
    await running;
    expect(statusOf(store)).toMatchObject({ status: 'connected', commit_id: 'fff0000' });
    expect(requestsTo(fetchMock, 'POST /api/v0/repo/sync')[0]?.body).toEqual({ repo_id: 'repo-1' });
  });

  it('sends a UUID task id with a sync and remembers it while the sync runs', async () => {
    let release: () => void = () => undefined;
    const { store, fetchMock } = await loadedStore({
      'POST /api/v0/repo/sync': () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse({ repo: testRepo }));
        }),
    });
    const running = store.dispatch(syncRepoById('repo-1'));
    const taskId = store.getState().repoTasks['repo-1'];
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requestsTo(fetchMock, 'POST /api/v0/repo/sync')[0]?.headers.get('x-task-id')).toBe(
      taskId,
    );
    release();
    await running;
    expect(store.getState().repoTasks).toEqual({});
  });

  it('a 304 sync returns the repo to connected', async () => {
    const { store } = await loadedStore({
      'POST /api/v0/repo/sync': () => new Response(null, { status: 304 }),
    });
    const result = await store.dispatch(syncRepoById('repo-1'));
    expect(syncRepoById.rejected.match(result) && result.payload?.status).toBe(304);
    expect(statusOf(store)).toMatchObject({ status: 'connected', error: null });
  });

  it('a failed sync sets error with the server message or "Failed to sync repo"', async () => {
    const { store } = await loadedStore({
      'POST /api/v0/repo/sync': () =>
        jsonResponse({ statusCode: 502, code: 'remote', message: 'Remote unreachable' }, 502),
    });
    await store.dispatch(syncRepoById('repo-1'));
    expect(statusOf(store)).toMatchObject({ status: 'error', error: 'Remote unreachable' });

    stubFetch(() => new Response('', { status: 500 }));
    await store.dispatch(syncRepoById('repo-1'));
    expect(statusOf(store)).toMatchObject({ status: 'error', error: 'Failed to sync repo' });
  });

  it('a branch switch sets syncing, then connected with the returned repo', async () => {
    const switched = { ...testRepo, branch: 'dev' };
    const { store, fetchMock } = await loadedStore({
      'POST /api/v0/repo/checkout': () => jsonResponse({ repo: switched }),
    });
    const running = store.dispatch(checkoutRepoBranch({ repoId: 'repo-1', branchName: 'dev' }));
    expect(statusOf(store)?.status).toBe('syncing');
    await running;
    expect(statusOf(store)).toMatchObject({ status: 'connected', branch: 'dev' });
    expect(requestsTo(fetchMock, 'POST /api/v0/repo/checkout')[0]?.body).toEqual({
      repo_id: 'repo-1',
      branch_name: 'dev',
    });
  });

  it('a failed branch switch sets error', async () => {
    const { store } = await loadedStore({
      'POST /api/v0/repo/checkout': () =>
        jsonResponse({ statusCode: 404, code: 'not_found', message: 'No such branch' }, 404),
    });
    await store.dispatch(checkoutRepoBranch({ repoId: 'repo-1', branchName: 'nope' }));
    expect(statusOf(store)).toMatchObject({ status: 'error', error: 'No such branch' });
  });
});

describe('repos slice: refresh', () => {
  it('replaces the list without going through loading', async () => {
    const { store } = await loadedStore({});
    stubFetch(() => jsonResponse({ repos: [other] }));
    const running = store.dispatch(refreshRepos());
    expect(store.getState().repos.status).toBe('succeeded');
    await running;
    expect(store.getState().repos.items).toEqual([other]);
  });
});

describe('newTaskId', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('makes a v4 UUID, also where crypto.randomUUID is missing (plain-http origins)', () => {
    expect(newTaskId()).toMatch(UUID_V4);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 20 }, () => newTaskId()));
      expect(ids.size).toBe(20);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});

describe('repos slice: connect', () => {
  const request = { external_repo_url: 'https://git.example/a.git', method: 'https' } as const;

  it('sends a UUID task id and the plan cookie, and adds a connecting entry', async () => {
    Cookies.set('ps', 'plan-token');
    const fetchMock = stubFetch((_url, init) => {
      const taskId = new Headers(init.headers).get('x-task-id') ?? '';
      return jsonResponse(
        {
          task_id: taskId,
          repo_id: 'repo-9',
          url: request.external_repo_url,
          method: 'https',
          queued: true,
        },
        202,
      );
    });
    const store = makeStore();
    await store.dispatch(connectRepository(request));
    const [sent] = requestsTo(fetchMock, 'POST /api/v2/repo/connect');
    const taskId = sent?.headers.get('x-task-id');
    expect(taskId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(sent?.headers.get('x-plan')).toBe('plan-token');
    expect(sent?.body).toEqual(request);
    expect(store.getState().repoConnections).toEqual({
      connecting: [
        {
          task_id: taskId,
          repo_id: 'repo-9',
          url: request.external_repo_url,
          method: 'https',
          queued: true,
          request,
        },
      ],
      failed: [],
      error: null,
    });

    store.dispatch(connectionFinished(taskId ?? ''));
    expect(store.getState().repoConnections.connecting).toEqual([]);
  });

  it('a server answer keeps its status and message, default "Something went wrong"', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'invalid',
          message: 'Enter a repository URL',
          field: 'external_repo_url',
        },
        400,
      ),
    );
    const store = makeStore();
    await store.dispatch(connectRepository(request));
    expect(store.getState().repoConnections).toEqual({
      connecting: [],
      failed: [],
      error: {
        title: 'Failed to connect repo',
        status: 400,
        message: 'Enter a repository URL',
        field: 'external_repo_url',
      },
    });

    stubFetch(() => new Response('', { status: 503 }));
    await store.dispatch(connectRepository(request));
    expect(store.getState().repoConnections.error).toEqual({
      title: 'Failed to connect repo',
      status: 503,
      message: 'Something went wrong',
    });
  });

  it('no answer is status 0 "No response from server"; other failures -1 with their message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    await store.dispatch(connectRepository(request));
    expect(store.getState().repoConnections.error).toMatchObject({
      status: 0,
      message: 'No response from server',
    });

    stubFetch(() => new Response('{not json', { status: 202 }));
    await store.dispatch(connectRepository(request));
    expect(store.getState().repoConnections.error?.status).toBe(-1);
    expect(store.getState().repoConnections.error?.message).not.toBe('');
    expect(store.getState().repoConnections.connecting).toEqual([]);
  });
});
