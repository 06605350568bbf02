// What `npm run bench:livedocs` and `npm run bench:sites` share: a tree of files copied into a
// fresh git repository, connected over file:// to the real server, indexed, and every object's
// docs generated, each step timed from the connect call.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILATION_OBJECTS_MAX } from '@codedocs/contract';
import { benchGit as git } from './repos-fixture';
import { api, expectStatus, waitForTask } from './repos-server';
import type { BenchAccount, BenchServer } from './repos-server';

/** A repository as GET /api/v0/repo lists it (the counts the benchmarks check). */
export interface BenchRepo {
  repo_id: string;
  commit_id: string;
  object_count: number;
  documented_count: number;
  generated_count: number;
  stale_count: number;
}

/**
 * Copies `paths` (relative to `from`) into `tree` at the same relative paths, makes `tree` a git
 * repository with one commit on `main`, and answers that commit.
 */
export function commitTree(from: string, paths: string[], tree: string): string {
  for (const path of paths) {
    const target = join(tree, path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(from, path), target);
  }
  git(tree, ['init', '-q', '-b', 'main']);
  git(tree, ['add', '-A']);
  git(tree, ['commit', '-q', '-m', 'corpus']);
  return git(tree, ['rev-parse', 'HEAD']).trim();
}

export async function repoOf(
  server: BenchServer,
  account: BenchAccount,
  repoId: string,
): Promise<BenchRepo> {
  const list = expectStatus(
    await api<{ repos: BenchRepo[] }>(server, 'GET', '/api/v0/repo', { token: account.token }),
    200,
    'repos',
  );
  const repo = list.repos.find((r) => r.repo_id === repoId);
  if (!repo) throw new Error('the repository is not listed');
  return repo;
}

/** A connected repository with every object documented, and when each step ended. */
export interface DocumentedRepo {
  repoId: string;
  head: string;
  /** Milliseconds from the connect call: clone and listing done, index done, docs done. */
  connectedMs: number;
  indexedMs: number;
  documentedMs: number;
  /** Objects the index task reported, and those the generation covered. */
  indexedObjects: unknown;
  generatedObjects: number;
  repo: BenchRepo;
}

/**
 * Connects the git repository at `tree` (its `main` at `head`) over file://, waits for its index,
 * generates every object's docs and checks that every object is documented (throws otherwise).
 * `afterStep` runs as each step ends (e.g. to take a memory phase), outside the timings.
 */
export async function connectAndDocument(
  server: BenchServer,
  account: BenchAccount,
  tree: string,
  head: string,
  timeoutMs: number,
  afterStep?: (step: 'indexed' | 'documented') => void,
): Promise<DocumentedRepo> {
  const started = performance.now();
  const connect = expectStatus(
    await api<{ task_id: string; repo_id: string }>(server, 'POST', '/api/v2/repo/connect', {
      token: account.token,
      headers: { 'x-task-id': randomUUID(), 'x-plan': account.plan },
      body: { external_repo_url: pathToFileURL(tree).href, method: 'https' },
    }),
    202,
    'connect',
  );
  await waitForTask(server, account, connect.task_id, timeoutMs);
  const connectedMs = performance.now() - started;
  const indexTask = await waitForTask(
    server,
    account,
    `index:${connect.repo_id}:${head}`,
    timeoutMs,
  );
  const indexedMs = performance.now() - started;
  afterStep?.('indexed');
  const generateStarted = performance.now();
  const generate = expectStatus(
    await api<{ task_id: string; object_count: number }>(
      server,
      'POST',
      '/api/v2/livedocs/generate/all',
      {
        token: account.token,
        headers: { 'x-plan': account.plan },
        body: { repo_id: connect.repo_id },
      },
    ),
    202,
    'generate all',
  );
  const generateTask = await waitForTask(server, account, generate.task_id, timeoutMs);
  const documentedMs = indexedMs + performance.now() - generateStarted;
  afterStep?.('documented');
  const repo = await repoOf(server, account, connect.repo_id);
  // every object was generated for (fields with nothing to say are stored empty), none is stale;
  // documented counts only the author's, a person's or accepted summaries
  const generatedFor = Number(generateTask.result?.objects ?? 0);
  if (repo.object_count === 0 || generatedFor !== repo.object_count || repo.stale_count !== 0) {
    throw new Error(
      `generation wrote to ${generatedFor} of ${repo.object_count} objects (${repo.stale_count} stale)`,
    );
  }
  return {
    repoId: connect.repo_id,
    head,
    connectedMs,
    indexedMs,
    documentedMs,
    indexedObjects: indexTask.result?.objects,
    generatedObjects: generate.object_count,
    repo,
  };
}

/** A compilation holding `objectIds`, added through the API in calls of the largest size. */
export async function compilationOf(
  server: BenchServer,
  account: BenchAccount,
  objectIds: string[],
  name: string,
): Promise<string> {
  const { compilation } = expectStatus(
    await api<{ compilation: { compilation_id: string } }>(server, 'POST', '/api/v0/compilation', {
      token: account.token,
      body: { name },
    }),
    201,
    'create compilation',
  );
  for (let start = 0; start < objectIds.length; start += COMPILATION_OBJECTS_MAX) {
    expectStatus(
      await api(server, 'POST', '/api/v0/compilation/object', {
        token: account.token,
        body: {
          compilation_id: compilation.compilation_id,
          object_ids: objectIds.slice(start, start + COMPILATION_OBJECTS_MAX),
        },
      }),
      200,
      'add objects',
    );
  }
  const listed = expectStatus(
    await api<{ metadata: { compilation_id: string; object_count: number }[] }>(
      server,
      'GET',
      '/api/v0/compilation/metadata',
      { token: account.token },
    ),
    200,
    'compilation metadata',
  ).metadata.find((c) => c.compilation_id === compilation.compilation_id);
  if (listed?.object_count !== objectIds.length) {
    throw new Error(
      `the compilation holds ${String(listed?.object_count)} of ${objectIds.length} objects`,
    );
  }
  return compilation.compilation_id;
}

/** `POST /api/v1/staticdocs/generate/compilation`: a new folder and the task building it. */
export async function startFolderBuild(
  server: BenchServer,
  account: BenchAccount,
  compilationId: string,
  folderName: string,
): Promise<{ folder_id: string; task_id: string }> {
  return expectStatus(
    await api<{ folder_id: string; task_id: string }>(
      server,
      'POST',
      '/api/v1/staticdocs/generate/compilation',
      {
        token: account.token,
        headers: { 'x-plan': account.plan },
        body: { compilation_id: compilationId, folder_name: folderName },
      },
    ),
    202,
    'generate the site',
  );
}
