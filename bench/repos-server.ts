// The real server as `npm run bench:repos` measures it: a child process on a free port with its
// own DATA_DIR, an account made through the real API, and a sampler of the process's memory.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A running server child process. */
export interface BenchServer {
  url: string;
  pid: number;
  /** The last lines the process wrote (shown when a step fails). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after a grace period; `now`: SIGKILL at once. */
  stop(now?: boolean): Promise<void>;
}

/** An answer of the API with its wall time. */
export interface ApiAnswer<T> {
  status: number;
  body: T;
  ms: number;
}

/** What an authenticated call needs: the session token and the plan token for `x-plan`. */
export interface BenchAccount {
  token: string;
  plan: string;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `apps/server/src/server.ts` under tsx in its own process (so its memory is its own),
 * with local repositories allowed, billing off (unlimited plan) and no rate limit in the way.
 * Resolves once GET /api/health answers.
 */
export async function startBenchServer(
  root: string,
  dataDir: string,
  databaseUrl: string | undefined,
  options: {
    /** The entry to run instead of src/server.ts under tsx (the demo runs the built server). */
    entry?: string[];
    port?: number;
    /** Added to (and overriding) the environment below. */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ALLOW_LOCAL_REPOS: '1',
    BILLING: 'off',
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(
    process.execPath,
    options.entry ?? ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: BenchServer = {
    url,
    pid: child.pid ?? 0,
    output: () => lines.slice(-60).join('\n'),
    async stop(now = false) {
      if (exited) return;
      child.kill(now ? 'SIGKILL' : 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited while starting:\n${server.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await server.stop();
  throw new Error(`the server did not answer /api/health within 60 s:\n${server.output()}`);
}

/** One API call: JSON in, JSON (or nothing, e.g. 304) out, timed from send to parsed body. */
export async function api<T>(
  server: BenchServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const started = performance.now();
  const send = () =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  // a kept-alive connection the server closed while this process was busy (seeding for
  // minutes) fails the next request once; a GET is sent again on a new connection
  const response = await send().catch((error: unknown) => {
    if (method !== 'GET') throw error;
    return send();
  });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : null) as T;
  return { status: response.status, body, ms: performance.now() - started };
}

/** Throws with the answer's body when the status is not the expected one. */
export function expectStatus<T>(answer: ApiAnswer<T>, status: number, what: string): T {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** A background task as GET /api/v1/tasks/<id> answers it. */
export interface BenchTask {
  status: string;
  progress: { done: number; total: number };
  message: string | null;
  error: string | null;
  result: Record<string, unknown> | null;
}

/**
 * Polls GET /api/v1/tasks/<id> every 50 ms until the task succeeds (throws with its error when it
 * fails, or after `timeoutMs`). A 404 is a task not written yet, on a queue that writes it
 * asynchronously. `onProgress` sees every answer while it runs.
 */
export async function waitForTask(
  server: BenchServer,
  account: BenchAccount,
  taskId: string,
  timeoutMs: number,
  onProgress?: (task: BenchTask) => void,
): Promise<BenchTask> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await api<BenchTask>(
      server,
      'GET',
      `/api/v1/tasks/${encodeURIComponent(taskId)}`,
      { token: account.token },
    );
    if (answer.status !== 404) {
      const task = expectStatus(answer, 200, `task ${taskId}`);
      if (task.status === 'succeeded') return task;
      if (task.status === 'failed') throw new Error(`task ${taskId} failed: ${task.error}`);
      onProgress?.(task);
    }
    await sleep(50);
  }
  throw new Error(`task ${taskId} did not finish within ${Math.round(timeoutMs / 60_000)} minutes`);
}

/**
 * A fresh verified account: sign-up, the verification link from the local outbox
 * (`/api/dev/outbox.json`, loopback only), verify, login, and the plan token of the subscription.
 */
export async function createBenchAccount(
  server: BenchServer,
  email = `bench-${Date.now()}@example.test`,
  password = 'a benchmark passphrase',
  name = 'Bench',
): Promise<BenchAccount> {
  expectStatus(
    await api(server, 'POST', '/api/v1/auth/signup', { body: { email, password, name } }),
    202,
    'sign-up',
  );
  let link: string | undefined;
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    const outbox = expectStatus(
      await api<{ messages: { to: string; links: string[] }[] }>(
        server,
        'GET',
        '/api/dev/outbox.json',
      ),
      200,
      'the outbox',
    );
    link = outbox.messages
      .find((message) => message.to === email)
      ?.links.find((href) => href.includes('/auth/verify?token='));
    if (!link) await sleep(100);
  }
  if (!link) throw new Error(`no verification mail for ${email} in the outbox`);
  expectStatus(
    await api(server, 'POST', '/api/v1/auth/verify', {
      body: { token: new URL(link).searchParams.get('token') },
    }),
    200,
    'verify',
  );
  const { token } = expectStatus(
    await api<{ token: string }>(server, 'POST', '/api/v1/auth/login', {
      body: { email, password },
    }),
    200,
    'login',
  );
  const { jwt } = expectStatus(
    await api<{ jwt: string }>(server, 'GET', '/api/v2/payments/subscription', { token }),
    200,
    'the subscription',
  );
  return { token, plan: jwt };
}

/** Resident and peak-resident kB of a process from /proc/<pid>/status (0 once it is gone). */
function procStatus(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Every descendant of `pid` (git and its helpers while a clone runs), from /proc/<n>/stat. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended between readdir and read.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * Samples the server's VmRSS (and that of the server with its child processes, e.g. git) every
 * 50 ms. `phase()` starts a new phase and returns the previous one's peaks; `hwm()` is the
 * kernel's own peak of the server process (VmHWM), which no sampling gap can miss.
 */
export class MemorySampler {
  private readonly timer: NodeJS.Timeout;
  private phaseServer = 0;
  private phaseTree = 0;
  private lastHwm = 0;
  peakServerKb = 0;
  peakTreeKb = 0;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 50);
    this.sample();
  }

  private sample(): void {
    const own = procStatus(this.pid);
    if (own.rss === 0) return;
    this.lastHwm = own.hwm;
    const tree = descendants(this.pid).reduce((sum, child) => sum + procStatus(child).rss, own.rss);
    this.phaseServer = Math.max(this.phaseServer, own.rss);
    this.phaseTree = Math.max(this.phaseTree, tree);
    this.peakServerKb = Math.max(this.peakServerKb, own.rss);
    this.peakTreeKb = Math.max(this.peakTreeKb, tree);
  }

  /** Peaks (kB) since the previous call, then starts counting afresh. */
  phase(): { serverKb: number; treeKb: number } {
    this.sample();
    const peaks = { serverKb: this.phaseServer, treeKb: this.phaseTree };
    this.phaseServer = 0;
    this.phaseTree = 0;
    return peaks;
  }

  /**
   * Resets the kernel's peak (VmHWM) to the current VmRSS, so `hwm()` covers only what follows
   * (here: not the scrypt hashes of sign-up and login). Answers the peak so far, in kB.
   */
  resetPeak(): number {
    const before = this.hwm();
    writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
    this.peakServerKb = 0;
    this.peakTreeKb = 0;
    this.phase();
    return before;
  }

  /** VmHWM of the server (kB): read now, or the last value seen if it has exited. */
  hwm(): number {
    const own = procStatus(this.pid);
    if (own.hwm > 0) this.lastHwm = own.hwm;
    return this.lastHwm;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
