import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { requestsTo, routeRequests } from '@/test/api-routes';
import { testSshKey } from '@/test/fixtures';
import {
  deleteSshKeyByName,
  fetchSshKeys,
  generateSshKeyPair,
  sshKeysReducer,
} from './ssh-keys-slice';

const makeStore = () => configureStore({ reducer: { sshKeys: sshKeysReducer } });

describe('ssh keys slice', () => {
  it('starts idle, then lists the keys with status idle', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ keys: [testSshKey] }));
    const store = makeStore();
    expect(store.getState().sshKeys).toEqual({ status: 'idle', error: null, items: [] });
    await store.dispatch(fetchSshKeys());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v0/user/ssh-key');
    expect(store.getState().sshKeys).toEqual({
      status: 'succeeded',
      error: null,
      items: [{ ...testSshKey, status: 'idle', error: null }],
    });
  });

  it('fails with "Failed to fetch keys" when the failure carries no message', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    const store = makeStore();
    await store.dispatch(fetchSshKeys());
    expect(store.getState().sshKeys).toMatchObject({
      status: 'failed',
      error: 'Failed to fetch keys',
    });
  });

  it('appends a generated key and keeps its public key', async () => {
    const created = {
      ...testSshKey,
      name: 'ci',
      algorithm: 'rsa' as const,
      public_key: 'ssh-rsa AAA codedocs-ci',
    };
    const fetchMock = stubFetch(
      routeRequests({
        'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [testSshKey] }),
        'POST /api/v0/user/ssh-key/generate': () => jsonResponse(created, 201),
      }),
    );
    const store = makeStore();
    await store.dispatch(fetchSshKeys());
    await store.dispatch(generateSshKeyPair({ name: 'ci', algorithm: 'rsa' }));
    expect(requestsTo(fetchMock, 'POST /api/v0/user/ssh-key/generate')[0]?.body).toEqual({
      name: 'ci',
      algorithm: 'rsa',
    });
    const items = store.getState().sshKeys.items;
    expect(items.map((key) => key.name)).toEqual(['laptop', 'ci']);
    expect(items[1]?.public_key).toBe('ssh-rsa AAA codedocs-ci');
  });

  it('delete sets deleting, then removes the key; a failure sets error', async () => {
    let answer = () => jsonResponse({ name: 'laptop' });
    stubFetch(
      routeRequests({
        'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [testSshKey] }),
        'DELETE /api/v0/user/ssh-key/laptop': () => answer(),
      }),
    );
    const store = makeStore();
    await store.dispatch(fetchSshKeys());

    answer = () => jsonResponse({ statusCode: 409, code: 'in_use', message: 'Key in use' }, 409);
    const failing = store.dispatch(deleteSshKeyByName('laptop'));
    expect(store.getState().sshKeys.items[0]?.status).toBe('deleting');
    await failing;
    expect(store.getState().sshKeys.items[0]).toMatchObject({
      status: 'error',
      error: 'Key in use',
    });

    answer = () => jsonResponse({ name: 'laptop' });
    await store.dispatch(deleteSshKeyByName('laptop'));
    expect(store.getState().sshKeys.items).toEqual([]);
  });
});
