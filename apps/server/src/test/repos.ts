import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RepoConnectRequest, Task } from '@codedocs/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app';
import { bearer, createVerifiedUser } from './accounts';
import { fixtureGit } from './git-fixtures';
import { waitForTask } from './jobs';

/** A verified user with a session token and a plan token (the `x-plan` header). */
export interface RepoUser {
  id: string;
  token: string;
  plan: string;
}

/** Signs a user up and fetches their plan token, ready to connect repositories. */
export async function createRepoUser(app: App, email: string): Promise<RepoUser> {
  const session = await createVerifiedUser(app, email);
  const subscription = await app.inject({
    method: 'GET',
    url: '/api/v2/payments/subscription',
    headers: bearer(session.token),
  });
  return { id: session.user.id, token: session.token, plan: subscription.json().jwt };
}

/** `POST /api/v2/repo/connect` as the user; a fresh task id unless one is given. */
export function postConnect(
  app: App,
  user: RepoUser,
  body: Partial<RepoConnectRequest>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/repo/connect',
    headers: { ...bearer(user.token), 'x-task-id': randomUUID(), 'x-plan': user.plan, ...headers },
    payload: { method: 'https', ...body },
  });
}

/** Connects `url` and waits for the clone; returns the repo id and the finished task. */
export async function connectAndWait(
  app: App,
  user: RepoUser,
  body: Partial<RepoConnectRequest>,
  timeoutMs = 30_000,
): Promise<{ repoId: string; task: Task }> {
  const response = await postConnect(app, user, body);
  if (response.statusCode !== 202) {
    throw new Error(`connect answered ${response.statusCode}: ${response.body}`);
  }
  const { task_id: taskId, repo_id: repoId } = response.json();
  const task = await waitForTask(app, taskId, user.id, ['succeeded', 'failed'], timeoutMs);
  return { repoId, task };
}

/**
 * Connects a fixture repository (`createFixtureRepo(root, name)`, served as `url`) and waits for
 * the clone and the indexing of its `main`; returns the repo id.
 */
export async function connectIndexed(
  app: App,
  user: RepoUser,
  url: string,
  workDir: string,
): Promise<string> {
  const { repoId, task } = await connectAndWait(app, user, { external_repo_url: url });
  if (task.status !== 'succeeded') throw new Error(`connect failed: ${task.error ?? ''}`);
  const head = fixtureGit(workDir, ['rev-parse', 'main']).trim();
  await waitForTask(app, `index:${repoId}:${head}`, user.id, ['succeeded']);
  return repoId;
}

/** A POST (with an optional JSON body) or a DELETE as the user. */
export function sendAs(
  app: App,
  user: RepoUser,
  method: 'POST' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: bearer(user.token), ...(payload && { payload }) });
}

/** A GET as the user. */
export function getAs(
  app: App,
  user: RepoUser,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { ...bearer(user.token), ...headers } });
}

/** A POST with a JSON body as the user. */
export function postAs(
  app: App,
  user: RepoUser,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(user.token), ...headers },
    payload,
  });
}

/** One file of a fast-import repository: text, raw bytes, a symlink or a submodule. */
export type ImportedFile = string | Buffer | { symlink: string } | { gitlink: string };

/**
 * A bare repository `<root>/<name>.git` with the given files on `main` (and `branches`, each
 * with more files), written by `git fast-import`: thousands of files in well under a second.
 */
export function createImportedRepo(
  root: string,
  name: string,
  files: Record<string, ImportedFile>,
  branches: Record<string, Record<string, ImportedFile>> = {},
): string {
  const bare = join(root, `${name}.git`);
  mkdirSync(bare, { recursive: true });
  fixtureGit(bare, ['init', '-q', '--bare', '-b', 'main']);
  const chunks: Buffer[] = [];
  const text = (value: string) => chunks.push(Buffer.from(value, 'utf8'));
  const commit = (branch: string, content: Record<string, ImportedFile>, parent?: number) => {
    text(`commit refs/heads/${branch}\n`);
    if (parent === undefined) text('mark :1\n');
    text('committer Test <test@example.com> 1700000000 +0000\ndata 6\nimport\n');
    if (parent !== undefined) text(`from :${parent}\n`);
    for (const [path, value] of Object.entries(content)) {
      if (typeof value === 'object' && !Buffer.isBuffer(value) && 'gitlink' in value) {
        text(`M 160000 ${value.gitlink} ${path}\n`);
        continue;
      }
      const isLink = typeof value === 'object' && !Buffer.isBuffer(value);
      const bytes = isLink ? Buffer.from(value.symlink) : Buffer.from(value);
      text(`M ${isLink ? '120000' : '100644'} inline ${path}\ndata ${bytes.length}\n`);
      chunks.push(bytes);
      text('\n');
    }
  };
  commit('main', files);
  for (const [branch, extra] of Object.entries(branches)) commit(branch, extra, 1);
  execFileSync('git', ['fast-import', '--quiet'], {
    cwd: bare,
    input: Buffer.concat(chunks),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: bare,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
  return bare;
}

/** `POST /api/v0/repo/sync` as the user, with a fresh task id; the caller checks the answer. */
export function syncRepo(
  app: App,
  user: RepoUser,
  repoId: string,
): Promise<LightMyRequestResponse> {
  return postAs(app, user, '/api/v0/repo/sync', { repo_id: repoId }, { 'x-task-id': randomUUID() });
}
