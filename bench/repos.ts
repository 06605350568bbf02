// `npm run bench:repos`: a generated 100,000-file repository connected through the real running
// server (connect, time to first page, paging through every file, a filtered page, sync, sync with
// nothing new), each next to git itself doing the same work in this script, plus the server
// process's peak memory. Prints ratios; never asserts wall-clock times, but fails loudly when an
// answer is wrong (a missing file, a wrong count, a failed task).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  benchFixture,
  benchGit,
  FIXTURE_CHANGED_FILES,
  FIXTURE_FILE_COUNT,
  FIXTURE_VERSION,
} from './repos-fixture';
import { checkExtensions, checkPagedFiles, extensionOf, parseLsTree } from './repos-checks';
import type { BenchFile, FilesPage } from './repos-checks';
import { createBenchDatabase } from './repos-postgres';
import {
  api,
  createBenchAccount,
  expectStatus,
  MemorySampler,
  startBenchServer,
  waitForTask,
} from './repos-server';
import type { BenchAccount, BenchServer, BenchTask } from './repos-server';

const root = join(import.meta.dirname, '..');
/** Admin URL of a PostgreSQL server; the run makes its own database there. Unset: SQLite. */
const postgresAdminUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const PAGE_LIMIT = 5000;
const REPEATS = 5;
const FILTER = { q: 'report', extension: 'ts' };
const CONNECT_TIMEOUT_MS = 30 * 60 * 1000;

interface Reference {
  ms: number;
  maxRssMb: number;
  stdout: string;
}

/** A git command under /usr/bin/time (wall time and its peak memory), without any git config. */
function timedGit(cwd: string, args: string[]): Reference {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', 'git', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr}`);
  const kb = Number(run.stderr.trim().split('\n').pop());
  return { ms, maxRssMb: kb / 1024, stdout: run.stdout };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : seconds(ms));
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const count = (n: number) => n.toLocaleString('en-US');

/** One row of the table: step, server time, git's time, ratio, server peak memory in the step. */
function row(step: string, ms: number, reference?: { label: string; ms: number }, note = ''): void {
  const ref = reference ? `${reference.label} ${millis(reference.ms)}` : '';
  const ratio = reference ? `${(ms / reference.ms).toFixed(1)}×` : '';
  console.log(
    `  ${step.padEnd(38)} ${millis(ms).padStart(9)}  ${ref.padEnd(30)} ${ratio.padStart(7)}  ${note}`,
  );
}

/** The task's progress on one terminal line while it runs (on a terminal only). */
function showProgress(): (task: BenchTask) => void {
  let shown = '';
  return (task) => {
    const line = `    ${task.status} ${task.progress.done}/${task.progress.total} ${task.message ?? ''}`;
    if (process.stderr.isTTY && line !== shown)
      process.stderr.write(`\r\x1b[K${line.slice(0, 100)}`);
    shown = line;
  };
}

/** The files route of `repoId` with `query` in its search string. */
function filesPath(repoId: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `/api/v3/repo/files/${encodeURIComponent(repoId)}?${search}`;
}

/** Median of REPEATS first-page calls with `query`; checks each answer's total. */
async function firstPage(
  server: BenchServer,
  account: BenchAccount,
  repoId: string,
  query: Record<string, string | number>,
  expectedTotal: number,
): Promise<{ ms: number; page: FilesPage }> {
  const times: number[] = [];
  let page: FilesPage | undefined;
  for (let i = 0; i < REPEATS; i++) {
    const answer = await api<FilesPage>(server, 'GET', filesPath(repoId, query), {
      token: account.token,
    });
    page = expectStatus(answer, 200, `files ${JSON.stringify(query)}`);
    if (page.total !== expectedTotal) {
      throw new Error(
        `files ${JSON.stringify(query)}: total ${page.total}, expected ${expectedTotal}`,
      );
    }
    const expectedLength = Math.min(expectedTotal, Number(query.limit));
    if (page.files.length !== expectedLength) {
      throw new Error(
        `files ${JSON.stringify(query)}: ${page.files.length} files on the first page, expected ${expectedLength}`,
      );
    }
    times.push(answer.ms);
  }
  return { ms: median(times), page: page! };
}

/** Undone in reverse order at the end, on failure and on Ctrl-C. */
const cleanups: (() => unknown)[] = [];
/** Set by Ctrl-C: the failures that follow are the server going away, not findings. */
let interrupted = false;

async function run(work: string): Promise<void> {
  const fixture = benchFixture(root);
  const gitVersion = benchGit(work, ['--version'])
    .trim()
    .replace(/^git version /, '');
  console.log(
    `Repository benchmark: ${count(FIXTURE_FILE_COUNT)} files through the real server (${postgresAdminUrl ? 'PostgreSQL, a fresh database on BENCH_DATABASE_URL' : 'SQLite'}) vs git ${gitVersion}`,
  );
  console.log(
    fixture.generatedMs === null
      ? `  fixture ${FIXTURE_VERSION}: cached in node_modules/.cache/codedocs-bench`
      : `  fixture ${FIXTURE_VERSION}: generated with git fast-import in ${seconds(fixture.generatedMs)} (cached for the next run)`,
  );

  // The source repository: a copy of the cached one with only `main`; the second commit is pushed
  // into it later, as a real push would.
  const source = join(work, 'source.git');
  cpSync(fixture.cachePath, source, { recursive: true });
  benchGit(source, ['update-ref', '-d', 'refs/bench/next']);
  const sourceUrl = pathToFileURL(source).href;

  const clone = timedGit(work, [
    'clone',
    '-q',
    '--bare',
    '--',
    sourceUrl,
    join(work, 'reference.git'),
  ]);
  const reference = join(work, 'reference.git');
  const lsTree = timedGit(reference, ['ls-tree', '-r', '-l', '-z', fixture.first]);
  const expected = parseLsTree(lsTree.stdout);
  if (expected.size !== FIXTURE_FILE_COUNT) {
    throw new Error(`git ls-tree lists ${expected.size} files, expected ${FIXTURE_FILE_COUNT}`);
  }
  const filteredTotal = [...expected.keys()].filter(
    (path) => path.toLowerCase().includes(FILTER.q) && extensionOf(path) === FILTER.extension,
  ).length;

  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const database = postgresAdminUrl ? await createBenchDatabase(postgresAdminUrl) : undefined;
  if (database) cleanups.push(() => database.drop());
  const startedAt = performance.now();
  const server = await startBenchServer(root, dataDir, database?.url);
  cleanups.push(() => server.stop(interrupted));
  const startMs = performance.now() - startedAt;
  const memory = new MemorySampler(server.pid);
  cleanups.push(() => memory.stop());
  try {
    const atStart = memory.phase();
    const account = await createBenchAccount(server);
    const afterSignUp = memory.phase();
    // Sign-up and login hash a password with scrypt (128 MiB each): not what this measures.
    const signUpPeak = memory.resetPeak();
    console.log(
      `  server: pid ${server.pid}, answering after ${seconds(startMs)}; resident ${mb(atStart.serverKb)} at start, ${mb(afterSignUp.serverKb)} after sign-up (peak ${mb(signUpPeak)}, scrypt)\n`,
    );
    console.log(
      `  ${'step'.padEnd(38)} ${'server'.padStart(9)}  ${'git (same work)'.padEnd(30)} ${'ratio'.padStart(7)}  server peak RSS (with git children)`,
    );
    const peakNote = () => {
      const peaks = memory.phase();
      return `${mb(peaks.serverKb)} (${mb(peaks.treeKb)})`;
    };

    // Connect: the clone runs as a background task; the time is from the POST to `succeeded`.
    const taskId = randomUUID();
    const connectStarted = performance.now();
    const connected = expectStatus(
      await api<{ task_id: string; repo_id: string }>(server, 'POST', '/api/v2/repo/connect', {
        token: account.token,
        headers: { 'x-task-id': taskId, 'x-plan': account.plan },
        body: { external_repo_url: sourceUrl, method: 'https' },
      }),
      202,
      'connect',
    );
    const task = await waitForTask(server, account, taskId, CONNECT_TIMEOUT_MS, showProgress());
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    const connectMs = performance.now() - connectStarted;
    const repoId = (task.result as { repo_id?: string } | null)?.repo_id ?? connected.repo_id;
    row(
      'connect (clone + list files)',
      connectMs,
      { label: 'git clone --bare', ms: clone.ms },
      peakNote(),
    );

    const page500 = await firstPage(server, account, repoId, { limit: 500 }, FIXTURE_FILE_COUNT);
    if (page500.page.commit_id !== fixture.first) {
      throw new Error(`files answered commit ${page500.page.commit_id}, expected ${fixture.first}`);
    }
    checkExtensions(page500.page, expected);
    row(`first page, limit 500 (median of ${REPEATS})`, page500.ms, undefined, peakNote());
    const page5000 = await firstPage(
      server,
      account,
      repoId,
      { limit: PAGE_LIMIT },
      FIXTURE_FILE_COUNT,
    );
    row(
      `first page, limit ${PAGE_LIMIT} (median of ${REPEATS})`,
      page5000.ms,
      undefined,
      peakNote(),
    );

    // Page through, then check: every file of git's listing once, in order, with its size.
    const paged: BenchFile[] = [];
    let pages = 0;
    let token: string | null = null;
    const throughStarted = performance.now();
    do {
      const query: Record<string, string | number> = { limit: PAGE_LIMIT };
      if (token) query.pagination_token = token;
      const page: FilesPage = expectStatus(
        await api<FilesPage>(server, 'GET', filesPath(repoId, query), { token: account.token }),
        200,
        `files page ${pages + 1}`,
      );
      pages++;
      paged.push(...page.files);
      token = page.pagination_token;
      if (pages > FIXTURE_FILE_COUNT) throw new Error('paging does not end');
    } while (token);
    const throughMs = performance.now() - throughStarted;
    checkPagedFiles(paged, expected);
    row(
      `page through, limit ${PAGE_LIMIT}`,
      throughMs,
      { label: 'git ls-tree -r -l', ms: lsTree.ms },
      `${peakNote()}  ${pages} pages, ${count(paged.length)} files`,
    );

    const filtered = await firstPage(
      server,
      account,
      repoId,
      { limit: 500, ...FILTER },
      filteredTotal,
    );
    row(
      `q=${FILTER.q}&extension=${FILTER.extension} (median of ${REPEATS})`,
      filtered.ms,
      undefined,
      `${peakNote()}  ${count(filteredTotal)} matches`,
    );

    // Sync: the second commit is pushed into the source, then the server fetches it.
    benchGit(fixture.cachePath, ['push', '-q', '--', source, `${fixture.second}:refs/heads/main`]);
    const fetch = timedGit(reference, [
      'fetch',
      '-q',
      '--',
      sourceUrl,
      '+refs/heads/*:refs/heads/*',
    ]);
    const syncTaskId = randomUUID();
    const synced = await api<{ repo: { commit_id: string | null } }>(
      server,
      'POST',
      '/api/v0/repo/sync',
      {
        token: account.token,
        headers: { 'x-task-id': syncTaskId, 'x-plan': account.plan },
        body: { repo_id: repoId },
      },
    );
    const syncBody = expectStatus(synced, 200, 'sync');
    if (syncBody.repo.commit_id !== fixture.second) {
      throw new Error(
        `after sync the repo is at ${syncBody.repo.commit_id}, expected ${fixture.second}`,
      );
    }
    row(
      `sync (${FIXTURE_CHANGED_FILES} files changed)`,
      synced.ms,
      { label: 'git fetch', ms: fetch.ms },
      peakNote(),
    );

    const afterSync = await firstPage(server, account, repoId, { limit: 500 }, FIXTURE_FILE_COUNT);
    if (afterSync.page.commit_id !== fixture.second) {
      throw new Error(
        `after sync files answered commit ${afterSync.page.commit_id}, expected ${fixture.second}`,
      );
    }
    row(`first page after sync (median of ${REPEATS})`, afterSync.ms, undefined, peakNote());

    const fetchAgain = timedGit(reference, [
      'fetch',
      '-q',
      '--',
      sourceUrl,
      '+refs/heads/*:refs/heads/*',
    ]);
    const unchanged = await api<unknown>(server, 'POST', '/api/v0/repo/sync', {
      token: account.token,
      headers: { 'x-plan': account.plan },
      body: { repo_id: repoId },
    });
    expectStatus(unchanged, 304, 'sync with nothing new');
    row(
      'sync with nothing new (304)',
      unchanged.ms,
      { label: 'git fetch', ms: fetchAgain.ms },
      peakNote(),
    );

    const deleted = await api<{ repo_id: string }>(
      server,
      'DELETE',
      `/api/v0/repo/${encodeURIComponent(repoId)}`,
      {
        token: account.token,
      },
    );
    expectStatus(deleted, 200, 'delete');
    row('delete', deleted.ms, undefined, peakNote());

    const hwm = memory.hwm();
    console.log(
      `\n  server peak memory from connect to delete: ${mb(hwm)} (VmHWM of the server process, reset after sign-up); sampled VmRSS peak ${mb(memory.peakServerKb)}, ${mb(memory.peakTreeKb)} with its git child processes`,
    );
    console.log(
      `  git reference peaks: clone ${clone.maxRssMb.toFixed(0)} MB, ls-tree ${lsTree.maxRssMb.toFixed(0)} MB, fetch ${fetch.maxRssMb.toFixed(0)} MB`,
    );
  } catch (error) {
    if (interrupted) throw error;
    console.error(`\nServer output (last lines):\n${server.output() || '(none)'}`);
    throw error;
  }
}

async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(`clean-up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const work = mkdtempSync(join(tmpdir(), 'bench-repos-'));
cleanups.push(() => rmSync(work, { recursive: true, force: true }));
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\nbench:repos interrupted; stopping the server and removing its files');
  void cleanUp().finally(() => process.exit(130));
});
try {
  await run(work);
} catch (error) {
  if (interrupted) await new Promise(() => {}); // The SIGINT handler exits once cleaned up.
  console.error(`\nbench:repos failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
