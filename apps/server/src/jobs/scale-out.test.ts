import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type DatabaseHandle } from '@codedocs/db';
import { createTestDatabase, type TestDatabase } from '@codedocs/db/testing';
import { TASK_EVENT, type Task } from '@codedocs/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startGitDaemon, type GitDaemon } from '../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../test/git-fixtures';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { startStallingProxy, type StallingProxy } from '../test/stalling-proxy';
import { testDialects } from '../test/test-app';

const dialects = await testDialects();
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!dialects.includes('postgres')) {
  console.warn(
    'SKIPPED: the scale-out test (two API and two worker processes) needs PostgreSQL: none is reachable on 127.0.0.1:5432 or at DATABASE_URL_TEST',
  );
}

/** One of the test's processes: the real API or worker, started from test/scale-out-node.ts. */
interface Node {
  role: 'api' | 'worker';
  child: ChildProcess;
  output: string[];
  dataDir: string;
  url?: string;
}

const repoSource = (name: string) =>
  Object.fromEntries(
    Array.from({ length: 4 }, (_, i) => [
      `src/${name}${i}.ts`,
      `/** ${name} step ${i}. */\nexport function ${name}${i}(n: number): number {\n  return n + ${i};\n}\n`,
    ]),
  );

/**
 * Issue 23: scale-out on PostgreSQL. Two API processes (no workers inside) and two worker
 * processes share one database and one S3-compatible bucket for sites, each with a DATA_DIR of
 * its own as on separate machines (a node re-clones a repository it has no copy of). Work is
 * shared with nothing run twice, a worker SIGKILLed in the middle of a clone loses nothing, and
 * progress of work started through one API reaches an event stream open on the other.
 */
describe.runIf(dialects.includes('postgres'))('scale-out on postgres', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  let s3: S3TestServer | undefined;
  let daemon: GitDaemon | undefined;
  let proxy: StallingProxy | undefined;
  let root: string | undefined;
  const nodes: Node[] = [];

  afterAll(async () => {
    for (const node of nodes) {
      if (node.child.exitCode === null && node.child.signalCode === null) {
        node.child.kill('SIGKILL');
        await once(node.child, 'exit');
      }
    }
    await proxy?.stop();
    await daemon?.stop();
    await s3?.stop();
    await handle?.destroy();
    await database?.cleanup();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** One node: its own DATA_DIR (git mirrors are a per-node cache), the shared rest from `env`. */
  async function start(role: Node['role'], env: Record<string, string>): Promise<Node> {
    const dataDir = mkdtempSync(join(root!, `node-${role}-`));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/scale-out-node.ts', role], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...env,
        DATA_DIR: dataDir,
        ...(role === 'api' && { JOB_WORKERS: '0' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node: Node = { role, child, output: [], dataDir };
    nodes.push(node);
    const keep = (chunk: Buffer) => node.output.push(chunk.toString());
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    if (role === 'api') {
      const deadline = Date.now() + 60_000;
      while (!node.url) {
        node.url = node.output.join('').match(/listening on (http:\/\/\S+)/)?.[1];
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the API process did not start:\n${node.output.join('')}`);
        }
        await sleep(50);
      }
    }
    return node;
  }

  async function call<T>(
    api: Node,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${api.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  it('shares jobs between processes, survives a killed worker and streams progress across APIs', async () => {
    database = await createTestDatabase('postgres');
    handle = createDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const db = handle.db;
    s3 = await startS3Server();
    root = mkdtempSync(join(tmpdir(), 'codedocs-scale-out-'));
    const names = ['alpha', 'beta', 'gamma', 'delta', 'slow'];
    for (const name of names) createFixtureRepo(root, name, repoSource(name));
    daemon = await startGitDaemon(root);
    // the `slow` repository is reached through a proxy that holds the clone until released
    proxy = await startStallingProxy(daemon.port);
    const urlOf = (name: string) =>
      name === 'slow' ? `git://127.0.0.1:${proxy!.port}/slow.git` : daemon!.url(`${name}.git`);

    const env: Record<string, string> = {
      DATABASE_URL: database.databaseUrl!,
      APP_SECRET: 'scale-out-test-secret-long-enough-for-config',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      BILLING: 'off',
      ALLOW_PRIVATE_NETWORK: '1',
      RATE_LIMIT_MAX: '100000',
      JOB_CONCURRENCY: '2',
      JOBS_PER_USER: '16',
      WEB_DIST_DIR: join(root, 'no-web-build'),
      ...s3.env('scale/'),
    };
    // all four start at once on an empty database: migrations must not trip over each other
    const [apiA, apiB, worker1, worker2] = await Promise.all([
      start('api', env),
      start('api', env),
      start('worker', env),
      start('worker', env),
    ]);

    // an account, made through API A
    const email = 'scale@example.com';
    const password = 'a scale-out passphrase';
    expect(
      (await call(apiA, 'POST', '/api/v1/auth/signup', { body: { email, password, name: 'S' } }))
        .status,
    ).toBe(202);
    const outbox = await call<{ messages: { to: string; links: string[] }[] }>(
      apiA,
      'GET',
      '/api/dev/outbox.json',
    );
    const link = outbox.body.messages
      .find((m) => m.to === email)
      ?.links.find((l) => l.includes('/auth/verify?token='));
    const verified = await call<{ token: string; user: { id: string } }>(
      apiA,
      'POST',
      '/api/v1/auth/verify',
      { body: { token: new URL(link!).searchParams.get('token') } },
    );
    expect(verified.status).toBe(200);
    const { token } = verified.body;
    const userId = verified.body.user.id;
    const plan = (
      await call<{ jwt: string }>(apiA, 'GET', '/api/v2/payments/subscription', { token })
    ).body.jwt;

    // the event stream, open on API B
    const events: Task[] = [];
    const stream = new AbortController();
    const sse = await fetch(`${apiB.url}/api/v1/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: stream.signal,
    });
    expect(sse.status).toBe(200);
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of sse.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.includes(`event: ${TASK_EVENT}`)) continue;
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) events.push(JSON.parse(data.slice(6)) as Task);
          }
        }
      } catch {
        // aborted at the end of the test
      }
    })();

    // who holds which job, sampled from the table while everything runs
    const holders = new Map<string, Set<string>>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const running = await db
          .selectFrom('jobs')
          .select(['id', 'locked_by'])
          .where('status', '=', 'running')
          .execute();
        for (const job of running) {
          if (!job.locked_by) continue;
          holders.set(job.id, (holders.get(job.id) ?? new Set()).add(job.locked_by));
        }
        await sleep(20);
      }
    })();

    const connect = async (name: string) => {
      const taskId = randomUUID();
      const answer = await call<{ repo_id: string; task_id: string }>(
        apiA,
        'POST',
        '/api/v2/repo/connect',
        {
          token,
          headers: { 'x-task-id': taskId, 'x-plan': plan },
          body: { method: 'https', external_repo_url: urlOf(name) },
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      return { name, taskId, repoId: answer.body.repo_id };
    };

    // the slow clone first: one worker takes it and is then killed in the middle of it
    const slow = await connect('slow');
    let holder: string | null = null;
    for (const deadline = Date.now() + 30_000; !holder || proxy.held() === 0;) {
      if (Date.now() > deadline) throw new Error('the slow clone never started');
      const row = await db
        .selectFrom('jobs')
        .select(['status', 'locked_by'])
        .where('id', '=', slow.taskId)
        .executeTakeFirst();
      holder = row?.status === 'running' ? row.locked_by : null;
      await sleep(25);
    }
    const victim = [worker1, worker2].find((w) => holder!.includes(`:${w.child.pid}:`));
    expect(victim, `no worker process holds ${holder}`).toBeDefined();
    const survivor = victim === worker1 ? worker2 : worker1;

    const others = await Promise.all(['alpha', 'beta', 'gamma', 'delta'].map(connect));
    victim!.child.kill('SIGKILL');
    await once(victim!.child, 'exit');
    // what the killed worker held (the slow clone, and whatever else it had claimed)
    const orphaned = new Set(
      (
        await db
          .selectFrom('jobs')
          .select('id')
          .where('locked_by', '=', holder)
          .where('status', '=', 'running')
          .execute()
      ).map((job) => job.id),
    );
    expect(orphaned).toContain(slow.taskId);
    proxy.release();

    // every connect and every indexing finishes, each read through API B
    const waitTask = async (taskId: string) => {
      for (const deadline = Date.now() + 90_000; ;) {
        const answer = await call<Task>(
          apiB,
          'GET',
          `/api/v1/tasks/${encodeURIComponent(taskId)}`,
          {
            token,
          },
        );
        if (answer.status === 200 && ['succeeded', 'failed'].includes(answer.body.status)) {
          return answer.body;
        }
        if (Date.now() > deadline) {
          throw new Error(`task ${taskId} unfinished: ${JSON.stringify(answer.body)}`);
        }
        await sleep(50);
      }
    };
    const connects = [slow, ...others];
    for (const { name, taskId } of connects) {
      const task = await waitTask(taskId);
      expect(task.status, `${name}: ${task.error}`).toBe('succeeded');
    }
    for (const { name, repoId } of connects) {
      const head = fixtureGit(join(root, `${name}-work`), ['rev-parse', 'main']).trim();
      const task = await waitTask(`index:${repoId}:${head}`);
      expect(task.status, `${name}: ${task.error}`).toBe('succeeded');
    }

    // a file's content through API B, which has no copy of the repository until it clones one
    const files = await call<{ files: { file_id: string; file_path: string }[] }>(
      apiB,
      'GET',
      `/api/v3/repo/files/${slow.repoId}`,
      { token },
    );
    const source = files.body.files.find((f) => f.file_path === 'src/slow0.ts')!;
    const content = await call<{ content: string }>(
      apiB,
      'GET',
      `/api/v0/file/content/${slow.repoId}?file_id=${source.file_id}`,
      { token },
    );
    expect(content.status, JSON.stringify(content.body)).toBe(200);
    expect(content.body.content).toContain('export function slow0');

    // a new worker node replaces the survivor (stopped gracefully): it has no repository yet
    const worker3 = await start('worker', env);
    survivor.child.kill('SIGTERM');
    await once(survivor.child, 'exit');

    // a site from every repository, asked for through API B, built by the new worker from
    // clones it makes, served and zipped by API A
    const objectIds: string[] = [];
    for (const { repoId } of connects) {
      const meta = await call<{
        metadata: { files: { objects: { object_id: string }[] }[] };
      }>(apiB, 'GET', `/api/v0/livedocs/metadata/${repoId}`, { token });
      objectIds.push(...meta.body.metadata.files.flatMap((f) => f.objects.map((o) => o.object_id)));
    }
    expect(objectIds).toHaveLength(20);
    const compilation = await call<{ compilation: { compilation_id: string } }>(
      apiB,
      'POST',
      '/api/v0/compilation',
      { token, body: { name: 'Everything' } },
    );
    const compilationId = compilation.body.compilation.compilation_id;
    await call(apiB, 'POST', '/api/v0/compilation/object', {
      token,
      body: { compilation_id: compilationId, object_ids: objectIds },
    });
    const generated = await call<{ folder_id: string; task_id: string }>(
      apiB,
      'POST',
      '/api/v1/staticdocs/generate/compilation',
      { token, body: { compilation_id: compilationId, folder_name: 'Everything' } },
    );
    expect(generated.status, JSON.stringify(generated.body)).toBe(202);
    const built = await waitTask(generated.body.task_id);
    expect(built.status, built.error ?? '').toBe('succeeded');
    const folder = await call<{ files: { file_id: string; path: string; size: number }[] }>(
      apiA,
      'GET',
      `/api/v1/staticdocs/folder/${generated.body.folder_id}/metadata?limit=200`,
      { token },
    );
    const index = folder.body.files.find((f) => f.path === 'index.html')!;
    const file = await fetch(
      `${apiA.url}/api/v1/staticdocs/folder/${generated.body.folder_id}/file/${index.file_id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('Everything');
    const zip = await fetch(
      `${apiA.url}/api/v1/staticdocs/folder/${generated.body.folder_id}/files`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(zip.status).toBe(200);
    expect((await zip.arrayBuffer()).byteLength).toBeGreaterThan(index.size);

    sampling = false;
    await sampler;
    stream.abort();

    // nothing ran twice: one attempt per job, but the killed worker's, which ran again elsewhere
    const jobs = await db
      .selectFrom('jobs')
      .select(['id', 'kind', 'status', 'attempts'])
      .where('user_id', '=', userId)
      .execute();
    expect(jobs.length).toBeGreaterThanOrEqual(11);
    for (const job of jobs) {
      expect(job.status, job.id).toBe('succeeded');
      expect(job.attempts, job.id).toBe(orphaned.has(job.id) ? 2 : 1);
      const lockers = [...(holders.get(job.id) ?? [])];
      expect(lockers.length, `${job.id} held by ${lockers.join(', ')}`).toBeLessThanOrEqual(
        orphaned.has(job.id) ? 2 : 1,
      );
    }
    expect([...(holders.get(slow.taskId) ?? [])]).toEqual([
      holder,
      expect.stringContaining(`:${survivor.child.pid}:`),
    ]);
    // both worker processes did part of the work, and no API process ran any
    const pids = new Set(
      [...holders.values()].flatMap((set) => [...set].map((id) => id.split(':')[1])),
    );
    expect(pids).toEqual(
      new Set([worker1, worker2, worker3].map((worker) => String(worker.child.pid))),
    );
    expect([...(holders.get(generated.body.task_id) ?? [])]).toEqual([
      expect.stringContaining(`:${worker3.child.pid}:`),
    ]);
    const mirrors = (node: Node) =>
      readdirSync(join(node.dataDir, 'repos')).filter((name) => name.endsWith('.git'));
    expect(mirrors(worker3)).toHaveLength(connects.length);
    expect(mirrors(apiB)).toEqual([`${slow.repoId}.git`]);
    // one repository row per connect
    const repos = await db
      .selectFrom('repos')
      .select(['url'])
      .where('user_id', '=', userId)
      .execute();
    expect(repos.map((r) => r.url).sort()).toEqual(connects.map((c) => urlOf(c.name)).sort());

    // progress of tasks queued through API A and run by the workers reached API B's stream
    for (const { taskId } of connects) {
      const seen = events.filter((task) => task.task_id === taskId);
      expect(
        seen.map((task) => task.status),
        taskId,
      ).toContain('succeeded');
    }
    expect(events.some((t) => t.task_id === generated.body.task_id && t.progress.done > 0)).toBe(
      true,
    );
  }, 180_000);
});
