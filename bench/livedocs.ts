// `npm run bench:livedocs`: connect → every object documented, through the real running server,
// for a repository of about 100,000 lines built from TypeScript sources in node_modules (code
// nobody here wrote). Reports wall time against the DESIGN.md section 9 budget (60 s), the
// server's peak memory (threads included), and a sync after a one-file change (which must parse
// exactly one file). Fails loudly on a wrong answer; never asserts wall-clock times.
import { randomUUID } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  api,
  createBenchAccount,
  expectStatus,
  MemorySampler,
  startBenchServer,
  waitForTask,
} from './repos-server';
import { benchGit as git } from './repos-fixture';
import { createBenchDatabase } from './repos-postgres';
import { commitTree, connectAndDocument, repoOf } from './livedocs-seed';
import type { BenchRepo } from './livedocs-seed';

const root = join(import.meta.dirname, '..');
/** With `BENCH_DATABASE_URL=postgres://…`, a fresh database on that server (dropped after). */
const postgresAdminUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const TARGET_LINES = 100_000;
const BUDGET_MS = 60_000;
const TIMEOUT_MS = 30 * 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** TypeScript sources (not declarations, not tests) under node_modules, in a fixed order. */
function corpusFiles(): { path: string; lines: number }[] {
  const out: { path: string; lines: number }[] = [];
  let total = 0;
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
        a.name < b.name ? -1 : 1,
      );
    } catch {
      return;
    }
    for (const entry of entries) {
      if (total >= TARGET_LINES) return;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!/^(test|tests|__tests__|\.cache|\.bin)$/.test(entry.name)) walk(full);
      } else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        if (statSync(full).size > 200_000) continue;
        const lines = readFileSync(full, 'utf8').split('\n').length;
        out.push({ path: full, lines });
        total += lines;
      }
    }
  };
  walk(join(root, 'node_modules'));
  return out;
}

async function run(work: string): Promise<void> {
  const files = corpusFiles();
  const lines = files.reduce((sum, f) => sum + f.lines, 0);
  const tree = join(work, 'tree');
  const modules = join(root, 'node_modules');
  const head = commitTree(
    modules,
    files.map((file) => relative(modules, file.path)),
    tree,
  );
  console.log(
    `Live docs benchmark: ${files.length.toLocaleString('en-US')} TypeScript files, ${lines.toLocaleString('en-US')} lines from node_modules, ${postgresAdminUrl ? 'PostgreSQL (a fresh database on BENCH_DATABASE_URL)' : 'SQLite'}`,
  );

  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const database = postgresAdminUrl ? await createBenchDatabase(postgresAdminUrl) : undefined;
  const server = await startBenchServer(root, dataDir, database?.url).catch(async (error) => {
    await database?.drop();
    throw error;
  });
  try {
    const account = await createBenchAccount(server);
    const memory = new MemorySampler(server.pid);
    memory.resetPeak();
    // the server at rest, signed in, before the repository arrives (the parser threads start
    // with the first file)
    const atRest = memory.phase();
    let indexingPeak = atRest;
    let generatingPeak = atRest;
    const documented = await connectAndDocument(server, account, tree, head, TIMEOUT_MS, (step) => {
      if (step === 'indexed') indexingPeak = memory.phase();
      else generatingPeak = memory.phase();
    });
    const { connectedMs, indexedMs, documentedMs, repo } = documented;
    const peak = {
      treeKb: Math.max(indexingPeak.treeKb, generatingPeak.treeKb),
      serverKb: Math.max(indexingPeak.serverKb, generatingPeak.serverKb),
    };

    // the reads the screen makes, warm (median of 5): the file list, 20 files' objects, one object
    const median = async (call: () => Promise<{ ms: number }>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) times.push((await call()).ms);
      return times.sort((a, b) => a - b)[2]!;
    };
    const list = expectStatus(
      await api<{ files: { file_id: string }[] }>(
        server,
        'GET',
        `/api/v0/livedocs/files/${documented.repoId}`,
        { token: account.token },
      ),
      200,
      'livedocs files',
    );
    const filesMs = await median(() =>
      api(server, 'GET', `/api/v0/livedocs/files/${documented.repoId}`, { token: account.token }),
    );
    const twenty = list.files.slice(0, 20).map((f) => f.file_id);
    const meta = expectStatus(
      await api<{ metadata: { files: { objects: { object_id: string }[] }[] } }>(
        server,
        'GET',
        `/api/v0/livedocs/metadata/${documented.repoId}?file_id=${twenty.join(',')}`,
        { token: account.token },
      ),
      200,
      'metadata',
    );
    const metadataMs = await median(() =>
      api(
        server,
        'GET',
        `/api/v0/livedocs/metadata/${documented.repoId}?file_id=${twenty.join(',')}`,
        {
          token: account.token,
        },
      ),
    );
    const someObject = meta.metadata.files.flatMap((f) => f.objects)[0]!.object_id;
    const objectMs = await median(() =>
      api(server, 'GET', `/api/v0/livedocs/object/${documented.repoId}?object_id=${someObject}`, {
        token: account.token,
      }),
    );

    // one file changes: the sync must parse that file only, and answer with statuses current
    const changed = files[Math.floor(files.length / 2)]!;
    const changedPath = join(tree, relative(join(root, 'node_modules'), changed.path));
    appendFileSync(
      changedPath,
      '\nexport function benchAddedFunction(value: number): number {\n  return value * 2;\n}\n',
    );
    git(tree, ['commit', '-q', '-am', 'one file']);
    const syncTask = randomUUID();
    const syncStarted = performance.now();
    const sync = await api<{ repo: BenchRepo }>(server, 'POST', '/api/v0/repo/sync', {
      token: account.token,
      headers: { 'x-task-id': syncTask },
      body: { repo_id: documented.repoId },
    });
    const syncMs = performance.now() - syncStarted;
    expectStatus(sync, 200, 'sync');
    const parsed = (await waitForTask(server, account, syncTask, TIMEOUT_MS)).result?.parsed_files;
    if (parsed !== 1) throw new Error(`the sync parsed ${String(parsed)} files, expected 1`);
    const after: BenchRepo = await repoOf(server, account, documented.repoId);
    if (after.object_count !== repo.object_count + 1) {
      throw new Error(
        `after the sync ${after.object_count} objects, expected ${repo.object_count + 1}`,
      );
    }
    memory.stop();

    const row = (step: string, value: string, note = '') =>
      console.log(`  ${step.padEnd(44)} ${value.padStart(10)}  ${note}`);
    row('connect (clone + listing)', seconds(connectedMs));
    row(
      '+ index (parse every file, references)',
      seconds(indexedMs),
      `${String(documented.indexedObjects)} objects`,
    );
    row('+ generate every object', seconds(documentedMs), `${documented.generatedObjects} objects`);
    row(
      'connect → every object documented',
      seconds(documentedMs),
      `${(documentedMs / BUDGET_MS).toFixed(2)}× the 60 s budget`,
    );
    row(
      'server peak memory (with parser threads)',
      mb(peak.treeKb),
      `server alone ${mb(peak.serverKb)}; at rest ${mb(atRest.serverKb)}, connect + index ${mb(indexingPeak.treeKb)}, generate ${mb(generatingPeak.treeKb)}`,
    );
    row(
      'sync after a one-file change',
      seconds(syncMs),
      `parsed 1 file, ${after.object_count - repo.object_count} new object, statuses current`,
    );
    row(`file list (${list.files.length} files with counts)`, `${filesMs.toFixed(0)} ms`);
    row('objects of 20 files (metadata)', `${metadataMs.toFixed(0)} ms`);
    row('one object (code, fields, calls, usages)', `${objectMs.toFixed(0)} ms`);
    if (documentedMs > BUDGET_MS) console.log('  NOTE: over the DESIGN.md section 9 budget');
  } finally {
    await server.stop();
    await database?.drop();
  }
}

const work = mkdtempSync(join(tmpdir(), 'bench-livedocs-'));
try {
  await run(work);
} catch (error) {
  console.error(
    `\nbench:livedocs failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
