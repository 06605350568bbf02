// `npm run demo`: the whole product in a minute. Starts the server on its own data folder
// (DEMO_DATA_DIR, default ./demo-data), signs up a demo account, connects two repositories made
// from packages in node_modules (eventsource-parser's TypeScript sources and yazl's JavaScript),
// documents every object, gathers them in a pocket, builds that pocket into a static site, and
// prints how to sign in. A second run finds the account and only starts the server.
//   --seed-only   seed through `tsx src/server.ts` (no production build needed), then stop
//                 (what the demo's test runs)
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  commitTree,
  compilationOf,
  connectAndDocument,
  startFolderBuild,
} from '../../bench/livedocs-seed';
import {
  api,
  createBenchAccount,
  expectStatus,
  startBenchServer,
  waitForTask,
  type BenchAccount,
  type BenchServer,
} from '../../bench/repos-server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const seedOnly = process.argv.includes('--seed-only');
const dataDir = resolve(process.env.DEMO_DATA_DIR ?? join(root, 'demo-data'));
const port = seedOnly ? undefined : Number(process.env.PORT ?? 3000);
const EMAIL = 'demo@codedocs.test';
const PASSWORD = 'codedocs-demo';
const TIMEOUT_MS = 120_000;

/** The code the demo repositories hold: a package's own files under node_modules. */
const SOURCES: { name: string; dir: string; include: (path: string) => boolean }[] = [
  {
    name: 'eventsource-parser',
    dir: 'node_modules/eventsource-parser',
    include: (path) => path.startsWith('src/') || path === 'README.md' || path === 'package.json',
  },
  {
    name: 'yazl',
    dir: 'node_modules/yazl',
    include: (path) => ['index.js', 'README.md', 'package.json'].includes(path),
  },
];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const visit = (path: string) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) visit(full);
      else out.push(relative(dir, full));
    }
  };
  visit(dir);
  return out.sort();
}

async function signIn(server: BenchServer): Promise<BenchAccount | undefined> {
  const login = await api<{ token: string }>(server, 'POST', '/api/v1/auth/login', {
    body: { email: EMAIL, password: PASSWORD },
  });
  if (login.status !== 200) return undefined;
  const { jwt } = expectStatus(
    await api<{ jwt: string }>(server, 'GET', '/api/v2/payments/subscription', {
      token: login.body.token,
    }),
    200,
    'the subscription',
  );
  return { token: login.body.token, plan: jwt };
}

async function seed(server: BenchServer, account: BenchAccount): Promise<void> {
  const objectIds: string[] = [];
  for (const source of SOURCES) {
    const from = join(root, source.dir);
    if (!existsSync(from)) throw new Error(`${source.dir} is missing: run npm ci first`);
    const tree = join(dataDir, 'demo-sources', source.name);
    const head = commitTree(from, filesUnder(from).filter(source.include), tree);
    const documented = await connectAndDocument(server, account, tree, head, TIMEOUT_MS);
    console.log(
      `  ${source.name}: ${documented.repo.object_count} objects documented in ${(documented.documentedMs / 1000).toFixed(1)} s`,
    );
    const metadata = expectStatus(
      await api<{ metadata: { files: { objects: { object_id: string }[] }[] } }>(
        server,
        'GET',
        `/api/v0/livedocs/metadata/${documented.repoId}`,
        { token: account.token },
      ),
      200,
      'live docs metadata',
    );
    objectIds.push(...metadata.metadata.files.flatMap((f) => f.objects.map((o) => o.object_id)));
  }

  const compilationId = await compilationOf(server, account, objectIds, 'Demo pocket');
  console.log(`  pocket "Demo pocket": ${objectIds.length} objects`);

  const site = await startFolderBuild(server, account, compilationId, 'Demo site');
  const built = await waitForTask(server, account, site.task_id, TIMEOUT_MS);
  console.log(`  site "Demo site": ${String(built.result?.files)} files`);
}

async function main(): Promise<void> {
  console.log(`Starting CodeDocs on ${dataDir}${seedOnly ? ' (seed only)' : ''}…`);
  const server = await startBenchServer(root, dataDir, process.env.DATABASE_URL, {
    ...(!seedOnly && {
      entry: ['--enable-source-maps', join(root, 'apps/server/dist/server.js')],
      port,
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: process.env.HOST ?? '127.0.0.1',
        WEB_DIST_DIR: join(root, 'apps/web/dist'),
      },
    }),
  });
  const stop = async (code: number) => {
    await server.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  try {
    let account = await signIn(server);
    if (account) {
      console.log(`The demo account exists already (delete ${dataDir} to seed afresh).`);
    } else {
      console.log('Seeding the demo account:');
      await createBenchAccount(server, EMAIL, PASSWORD, 'Demo');
      account = (await signIn(server))!;
      await seed(server, account);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(server.output());
    await stop(1);
  }
  const address = seedOnly ? server.url : `http://localhost:${port}`;
  console.log(`
CodeDocs demo is ready at ${address}
  e-mail:    ${EMAIL}
  password:  ${PASSWORD}
Repositories, Live docs, Pockets and Export show what was made.${seedOnly ? '' : '\nCtrl+C stops the server.'}`);
  if (seedOnly) await stop(0);
}

await main();
