// `npm run bench:sites`: TypeDoc and our static site build on the same TypeScript code, side by
// side in one run (issue 16's benchmark). The code is zod's `src/` from node_modules (its
// TypeScript sources without tests or benchmarks: about 38,000 lines, near TypeDoc's own
// `src/lib`), copied into a temporary git repository.
//
// - TypeDoc (the root devDependency) documents every file (`--entryPointStrategy expand`) as a
//   child process of its own: wall time, CPU time and peak memory (its own getrusage at exit).
// - Ours end to end, through the real running server: connect over file://, index, generate
//   every object's docs, a compilation holding every object, build the site (the `site.build`
//   job); wall time from the connect call to the built folder, and the server's peak memory.
// - Our build alone, from that already indexed and documented compilation: new folders built
//   from it (median of BUILD_RUNS), the job's wall time from the call to the task succeeded,
//   the server's CPU time and its peak memory (VmHWM reset before each build).
//
// Prints the ratios (TypeDoc / ours) against the targets: the build ≥ 10× faster than TypeDoc,
// end to end faster than TypeDoc. Never fails on time alone; fails loudly on a wrong answer (a
// failed build or TypeDoc run, an empty site, a file list that is not the one the folder
// records, a pin that is not the commit connected). With `BENCH_DATABASE_URL=postgres://…` the
// server runs on a fresh database on that server, dropped after.
import { execFileSync, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commitTree, compilationOf, connectAndDocument, startFolderBuild } from './livedocs-seed';
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
/** With `BENCH_DATABASE_URL=postgres://…`, a fresh database on that server (dropped after). */
const postgresAdminUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const SOURCE_PACKAGE = 'zod';
const SOURCE = join(root, 'node_modules', SOURCE_PACKAGE, 'src');
/** Builds of the documented compilation measured for "our build alone" (the median is shown). */
const BUILD_RUNS = 3;
const TIMEOUT_MS = 30 * 60_000;
const BUILD_TARGET = 10;
const END_TO_END_TARGET = 1;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const count = (n: number) => n.toLocaleString('en-US');
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;

/** The TypeScript sources under `dir` (no declarations, tests or benchmarks), sorted. */
function corpusFiles(dir: string): { path: string; lines: number }[] {
  const out: { path: string; lines: number }[] = [];
  const walk = (at: string): void => {
    const entries = readdirSync(at, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    );
    for (const entry of entries) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) {
        if (!/^(test|tests|__tests__|benchmarks)$/.test(entry.name)) walk(full);
      } else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        out.push({ path: full, lines: readFileSync(full, 'utf8').split('\n').length });
      }
    }
  };
  walk(dir);
  return out;
}

/** Files and bytes under `dir`, and how many are HTML pages. */
function outputOf(dir: string): { files: number; pages: number; bytes: number } {
  const result = { files: 0, pages: 0, bytes: 0 };
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        result.files++;
        result.bytes += statSync(full).size;
        if (entry.name.endsWith('.html')) result.pages++;
      }
    }
  };
  walk(dir);
  return result;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU milliseconds a process has spent, its threads and waited-for children included. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime are fields 14 to 17 of the line, 12 to 15 after the name
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / clockTicks;
}

interface Measured {
  wallMs: number;
  cpuMs: number;
  peakKb: number;
}

/**
 * TypeDoc on the tree, as its own process: every file of `src/` documented into `out`. Its peak
 * memory and CPU time come from its own getrusage, written as it exits (a preloaded hook).
 */
async function runTypedoc(
  work: string,
  tree: string,
  out: string,
): Promise<Measured & { files: number; pages: number; bytes: number; warnings: number }> {
  const usageFile = join(work, 'typedoc-usage.json');
  const hook = join(work, 'usage-hook.mjs');
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const usage = process.resourceUsage();
  writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify({
    maxRssKb: usage.maxRSS,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
  }));
});
`,
  );
  // the CLI itself: `bin/typedoc` only forks it (and would be the process measured)
  const bin = join(root, 'node_modules/typedoc/dist/cli.js');
  const args = [
    '--import',
    pathToFileURL(hook).href,
    bin,
    '--tsconfig',
    'tsconfig.json',
    '--entryPointStrategy',
    'expand',
    '--name',
    SOURCE_PACKAGE,
    '--out',
    out,
    '--logLevel',
    'Warn',
    'src',
  ];
  const started = performance.now();
  const { code, output } = await new Promise<{ code: number | null; output: string }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: tree,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tree, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', (exitCode) => resolve({ code: exitCode, output: text }));
    },
  );
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`TypeDoc exited with ${String(code)}:\n${output.slice(-3000)}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRssKb: number; cpuMs: number };
  const written = outputOf(out);
  if (written.pages === 0) throw new Error(`TypeDoc wrote no page:\n${output.slice(-3000)}`);
  return {
    wallMs,
    cpuMs: usage.cpuMs,
    peakKb: usage.maxRssKb,
    ...written,
    warnings: output.match(/\[warning\]/g)?.length ?? 0,
  };
}

/**
 * Every object id of the repository at its head, in the metadata's order (files, then lines), and
 * how many files have objects.
 */
async function objectIdsOf(
  server: BenchServer,
  account: BenchAccount,
  repoId: string,
): Promise<{ ids: string[]; files: number }> {
  const answer = expectStatus(
    await api<{ metadata: { files: { objects: { object_id: string }[] }[] } }>(
      server,
      'GET',
      `/api/v0/livedocs/metadata/${repoId}`,
      { token: account.token },
    ),
    200,
    'livedocs metadata',
  );
  return {
    ids: answer.metadata.files.flatMap((file) => file.objects.map((o) => o.object_id)),
    files: answer.metadata.files.filter((file) => file.objects.length > 0).length,
  };
}

interface FolderFile {
  path: string;
  size: number;
}

interface BuiltFolder {
  wallMs: number;
  /** When the job started writing pages (the model gathered), if a poll saw it. */
  gatheredMs: number | null;
  task: BenchTask;
  files: FolderFile[];
  bytes: number;
}

/**
 * Builds the compilation into a new folder and waits for its task; then checks the folder: ready,
 * its pins the connected commit, and the files its metadata pages list add up to its counts and
 * to what the job reported, `index.html` among them.
 */
async function buildFolder(
  server: BenchServer,
  account: BenchAccount,
  compilationId: string,
  folderName: string,
  head: string,
): Promise<BuiltFolder> {
  const started = performance.now();
  const generated = await startFolderBuild(server, account, compilationId, folderName);
  // the first "Writing pages" answer marks the end of gathering the model (±50 ms of polling)
  let gatheredMs: number | null = null;
  const task = await waitForTask(server, account, generated.task_id, TIMEOUT_MS, (running) => {
    if (gatheredMs === null && running.progress.done > 0) gatheredMs = performance.now() - started;
  });
  const wallMs = performance.now() - started;
  const files: FolderFile[] = [];
  let folder: { status: string; file_count: number; size: number; pins: { commit_id: string }[] };
  let cursor: string | null = null;
  do {
    const page: {
      folder: typeof folder;
      files: FolderFile[];
      cursor: string | null;
    } = expectStatus(
      await api(
        server,
        'GET',
        `/api/v1/staticdocs/folder/${generated.folder_id}/metadata?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: account.token },
      ),
      200,
      'folder metadata',
    );
    folder = page.folder;
    files.push(...page.files);
    cursor = page.cursor;
  } while (cursor);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const problems = [
    folder.status !== 'ready' && `status ${folder.status}`,
    task.result?.published !== true && 'the job did not publish',
    files.length === 0 && 'no file',
    !files.some((file) => file.path === 'index.html') && 'no index.html',
    folder.file_count !== files.length &&
      `file_count ${folder.file_count} but ${files.length} files listed`,
    task.result?.files !== files.length &&
      `the job wrote ${String(task.result?.files)} files but ${files.length} are listed`,
    folder.size !== bytes && `size ${folder.size} but the files add up to ${bytes}`,
    (folder.pins.length !== 1 || folder.pins[0]!.commit_id !== head) &&
      `pins ${JSON.stringify(folder.pins)}, expected ${head}`,
  ].filter(Boolean);
  if (problems.length) throw new Error(`the site "${folderName}": ${problems.join('; ')}`);
  return { wallMs, gatheredMs, task, files, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function run(work: string): Promise<void> {
  const sourceVersion = (
    JSON.parse(
      readFileSync(join(root, 'node_modules', SOURCE_PACKAGE, 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;
  const typedocVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules/typedoc/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const files = corpusFiles(SOURCE);
  if (files.length === 0) throw new Error(`no TypeScript source under ${SOURCE}`);
  const lines = files.reduce((sum, f) => sum + f.lines, 0);
  const tree = join(work, 'tree');
  mkdirSync(tree);
  // what TypeDoc compiles with (zod's own tsconfig is not published); committed with the code
  writeFileSync(
    join(tree, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        include: ['src'],
      },
      null,
      2,
    )}\n`,
  );
  const sourcePackage = join(SOURCE, '..');
  const head = commitTree(
    sourcePackage,
    files.map((file) => relative(sourcePackage, file.path)),
    tree,
  );
  console.log(
    `Sites benchmark: ${SOURCE_PACKAGE} ${sourceVersion} src/ from node_modules, ${count(files.length)} TypeScript files, ${count(lines)} lines (no tests); TypeDoc ${typedocVersion} against our build through the real server on ${postgresAdminUrl ? 'PostgreSQL (a fresh database on BENCH_DATABASE_URL)' : 'SQLite'}`,
  );

  // TypeDoc first, alone on the machine (the server is not started yet)
  const typedoc = await runTypedoc(work, tree, join(work, 'typedoc-out'));
  console.log(`  TypeDoc done in ${seconds(typedoc.wallMs)}; now ours through the server`);

  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const database = postgresAdminUrl ? await createBenchDatabase(postgresAdminUrl) : undefined;
  const server = await startBenchServer(root, dataDir, database?.url).catch(async (error) => {
    await database?.drop();
    throw error;
  });
  const memory = new MemorySampler(server.pid);
  try {
    const account = await createBenchAccount(server);
    memory.resetPeak();
    const atRestKb = memory.phase().serverKb;

    // end to end: connect → index → generate every object → compilation → site
    const cpuBefore = cpuMsOf(server.pid);
    const started = performance.now();
    const documented = await connectAndDocument(server, account, tree, head, TIMEOUT_MS);
    const { ids: objectIds, files: filesWithObjects } = await objectIdsOf(
      server,
      account,
      documented.repoId,
    );
    if (objectIds.length !== documented.repo.object_count) {
      throw new Error(
        `the metadata lists ${objectIds.length} of ${documented.repo.object_count} objects`,
      );
    }
    const compilationId = await compilationOf(
      server,
      account,
      objectIds,
      `${SOURCE_PACKAGE} (every object)`,
    );
    const compiledMs = performance.now() - started;
    const first = await buildFolder(server, account, compilationId, 'end to end', head);
    const endToEnd: Measured = {
      wallMs: performance.now() - started,
      cpuMs: cpuMsOf(server.pid) - cpuBefore,
      peakKb: memory.hwm(),
    };
    const endToEndTreeKb = memory.phase().treeKb;

    // the build alone, from the documented compilation: new folders, one at a time
    const builds: (Measured & { folder: BuiltFolder })[] = [];
    for (let i = 0; i < BUILD_RUNS; i++) {
      memory.resetPeak();
      const cpu = cpuMsOf(server.pid);
      const folder = await buildFolder(server, account, compilationId, `build ${i + 1}`, head);
      builds.push({
        wallMs: folder.wallMs,
        cpuMs: cpuMsOf(server.pid) - cpu,
        peakKb: memory.hwm(),
        folder,
      });
      const paths = folder.files.map((file) => file.path).join('\n');
      if (paths !== first.files.map((file) => file.path).join('\n')) {
        throw new Error(`build ${i + 1} wrote other files than the first build`);
      }
    }
    memory.stop();
    const build: Measured = {
      wallMs: median(builds.map((b) => b.wallMs)),
      cpuMs: median(builds.map((b) => b.cpuMs)),
      peakKb: Math.max(...builds.map((b) => b.peakKb)),
    };
    const site = first.files;
    const sitePages = site.filter((file) => file.path.endsWith('.html')).length;
    // the overview, the search page, the repository's page and one page per file with objects
    if (sitePages !== filesWithObjects + 3) {
      throw new Error(
        `the site has ${sitePages} pages for ${filesWithObjects} files with objects (expected ${filesWithObjects + 3})`,
      );
    }

    const row = (what: string, m: Measured, note: string) =>
      console.log(
        `  ${what.padEnd(40)} ${seconds(m.wallMs).padStart(9)} ${seconds(m.cpuMs).padStart(9)} ${mb(m.peakKb).padStart(8)}  ${note}`,
      );
    console.log(
      `\n  ${''.padEnd(40)} ${'wall'.padStart(9)} ${'CPU'.padStart(9)} ${'peak'.padStart(8)}`,
    );
    row(
      `TypeDoc (every file of src/)`,
      typedoc,
      `${count(typedoc.pages)} pages, ${count(typedoc.files)} files, ${mb(typedoc.bytes / 1024)}; ${typedoc.warnings} warnings`,
    );
    row(
      `ours: build alone (median of ${BUILD_RUNS})`,
      build,
      `${count(sitePages)} pages, ${count(site.length)} files, ${mb(first.bytes / 1024)}, ${count(objectIds.length)} objects; builds ${builds.map((b) => `${seconds(b.wallMs)}${b.folder.gatheredMs === null ? '' : ` (first page ${seconds(b.folder.gatheredMs)})`}`).join(', ')}`,
    );
    row(
      'ours: end to end',
      endToEnd,
      `connect ${seconds(documented.connectedMs)}, + index ${seconds(documented.indexedMs)}, + generate ${seconds(documented.documentedMs)}, + compilation ${seconds(compiledMs)}, + build ${seconds(endToEnd.wallMs)} (times from the connect call; this first build took ${seconds(first.wallMs)}${first.gatheredMs === null ? '' : `, its first page ${seconds(first.gatheredMs)}`})`,
    );
    console.log(
      `  (ours: the server process, wall from the call to the task succeeded; peak is its VmHWM, ${mb(atRestKb)} at rest, ${mb(endToEndTreeKb)} with git during the end to end run)\n`,
    );
    const gathered = builds.map((b) => b.folder.gatheredMs);
    if (gathered.every((ms) => ms !== null)) {
      const gatherMs = median(gathered);
      console.log(
        `  our build's time (median): ≈ ${seconds(gatherMs)} to the first page written (queueing, gathering the model from the database, the blobs and the references, validating it, routes, grammars), then ≈ ${seconds(build.wallMs - gatherMs)} highlighting, rendering and writing ${count(site.length)} files and publishing\n`,
      );
    }
    const verdict = (value: number, target: number) =>
      value >= target ? 'meets the target' : 'NOTE: below the target';
    const buildRatio = typedoc.wallMs / build.wallMs;
    const endToEndRatio = typedoc.wallMs / endToEnd.wallMs;
    console.log(
      `  build alone, TypeDoc / ours: ${ratio(typedoc.wallMs, build.wallMs)} wall (target ≥ ${BUILD_TARGET}×: ${verdict(buildRatio, BUILD_TARGET)}), ${ratio(typedoc.cpuMs, build.cpuMs)} CPU, ${ratio(typedoc.peakKb, build.peakKb)} peak memory`,
    );
    console.log(
      `  end to end, TypeDoc / ours:  ${ratio(typedoc.wallMs, endToEnd.wallMs)} wall (target > ${END_TO_END_TARGET}×: ${verdict(endToEndRatio, END_TO_END_TARGET)}), ${ratio(typedoc.cpuMs, endToEnd.cpuMs)} CPU, ${ratio(typedoc.peakKb, endToEnd.peakKb)} peak memory`,
    );
  } finally {
    memory.stop();
    await server.stop();
    await database?.drop();
  }
}

const work = mkdtempSync(join(tmpdir(), 'bench-sites-'));
try {
  await run(work);
} catch (error) {
  console.error(`\nbench:sites failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
