import { randomUUID } from 'node:crypto';
import { request, type APIRequestContext } from '@playwright/test';
import type { ServedRepo } from './git-repos';

/** The owner's API, authenticated with their session token. */
export async function apiAs(baseURL: string, token: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** Polls `check` until it answers a value (or fails after `timeoutMs`). */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function taskDone(api: APIRequestContext, taskId: string): Promise<void> {
  const task = await until(`task ${taskId}`, async () => {
    const answer = (await (
      await api.get(`/api/v1/tasks/${encodeURIComponent(taskId)}`)
    ).json()) as {
      status: string;
      message?: string;
    };
    return answer.status === 'succeeded' || answer.status === 'failed' ? answer : undefined;
  });
  if (task.status !== 'succeeded') throw new Error(`task ${taskId} failed: ${task.message ?? ''}`);
}

/**
 * Builds a documentation site the way a client of the API does: connect the served repository,
 * wait until its code is read, put every object in a new compilation, `POST
 * /staticdocs/generate/compilation` and wait for the build task. Returns the folder id.
 */
export async function buildSiteThroughApi(
  api: APIRequestContext,
  served: ServedRepo,
  folderName: string,
): Promise<string> {
  const { jwt: plan } = (await (await api.get('/api/v2/payments/subscription')).json()) as {
    jwt: string;
  };
  const connect = await api.post('/api/v2/repo/connect', {
    data: { external_repo_url: served.url, method: 'https' },
    headers: { 'x-task-id': randomUUID(), 'x-plan': plan },
  });
  if (connect.status() !== 202) throw new Error(`connect answered ${connect.status()}`);
  const { task_id: connectTask, repo_id: repoId } = (await connect.json()) as {
    task_id: string;
    repo_id: string;
  };
  await taskDone(api, connectTask);
  const objectIds = await until('the repository to be read', async () => {
    const answer = await api.get(`/api/v0/livedocs/metadata/${repoId}`);
    if (!answer.ok()) return undefined;
    const { metadata } = (await answer.json()) as {
      metadata: { files: { objects: { object_id: string }[] }[] };
    };
    const ids = metadata.files.flatMap((file) => file.objects.map((o) => o.object_id));
    return ids.length > 0 ? ids : undefined;
  });
  const created = await api.post('/api/v0/compilation', { data: { name: `${folderName} pocket` } });
  const { compilation } = (await created.json()) as { compilation: { compilation_id: string } };
  const added = await api.post('/api/v0/compilation/object', {
    data: { compilation_id: compilation.compilation_id, object_ids: objectIds },
  });
  if (!added.ok()) throw new Error(`adding objects answered ${added.status()}`);
  const generate = await api.post('/api/v1/staticdocs/generate/compilation', {
    data: { compilation_id: compilation.compilation_id, folder_name: folderName },
  });
  if (generate.status() !== 202) throw new Error(`generate answered ${generate.status()}`);
  const { folder_id: folderId, task_id: buildTask } = (await generate.json()) as {
    folder_id: string;
    task_id: string;
  };
  await taskDone(api, buildTask);
  return folderId;
}
