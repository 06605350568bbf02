// `npm run bench:pockets`: the cross-repository object search (the pocket picker's source) and
// the compilation reads, through the real running server, with 100,000 objects seeded across five
// repositories of one user (half of them documented, some stale) and a 5,000-object compilation.
// Every endpoint is loaded like GET /api/health (the floor) and reported as p50/p99 with the
// ratio of its p99 to that floor (bench/http-load.ts); nothing asserts wall-clock times.
//
// The objects are written straight into the server's database (the shapes indexing writes), not
// indexed from a repository: what is measured is the reads, and 100,000 objects of real code
// would take the indexer minutes. With BENCH_DATABASE_URL=postgres://… it runs on a fresh
// PostgreSQL database on that server.
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@codedocs/db';
import { measureEndpoints } from './http-load';
import { api, createBenchAccount, expectStatus } from './repos-server';
import {
  databaseLabel,
  random,
  reportLoads,
  runSeededBench,
  type SeededBench,
} from './seeded-server';
const REPOSITORIES = 5;
const OBJECTS_PER_REPOSITORY = 20_000;
const COMPILATION_SIZE = 5_000;
const BUDGET_P99_MS = 50;
const BATCH = 500;

const count = (n: number) => n.toLocaleString('en-US');

const AREAS = ['http', 'storage', 'auth', 'billing', 'search', 'render', 'jobs', 'config', 'cli'];
const NOUNS = [
  'request',
  'response',
  'session',
  'token',
  'cache',
  'index',
  'report',
  'invoice',
  'user',
  'queue',
  'worker',
  'parser',
  'router',
  'handler',
  'client',
  'server',
  'page',
  'template',
];
const VERBS = ['get', 'set', 'load', 'save', 'parse', 'build', 'render', 'send', 'find', 'open'];
const KINDS = ['function', 'function', 'function', 'method', 'method', 'class', 'module'];
const LANGUAGES = ['python', 'typescript', 'go', 'rust', 'java'];

interface SeededObject {
  repo_id: string;
  id: string;
}

/**
 * Five repositories of the account's user with OBJECTS_PER_REPOSITORY objects each, present at
 * head; half documented (one in ten of those stale: written for another code hash).
 */
async function seedObjects(database: DatabaseHandle, userId: string): Promise<SeededObject[]> {
  const { db } = database;
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const seeded: SeededObject[] = [];
  for (let r = 0; r < REPOSITORIES; r++) {
    const repoId = randomUUID();
    const language = LANGUAGES[r % LANGUAGES.length]!;
    await db
      .insertInto('repos')
      .values({
        id: repoId,
        user_id: userId,
        url: `https://git.example.test/team/service-${r}.git`,
        name: `service-${r}`,
        method: 'https',
        default_branch: 'main',
        branch: 'main',
        head_commit: 'a'.repeat(40),
        status: 'connected',
        last_synced_at: new Date().toISOString(),
      })
      .execute();
    for (let start = 0; start < OBJECTS_PER_REPOSITORY; start += BATCH) {
      const objects = [];
      const docs = [];
      for (let i = start; i < Math.min(OBJECTS_PER_REPOSITORY, start + BATCH); i++) {
        const area = pick(AREAS);
        const file = `${pick(NOUNS)}_${Math.floor(i / 20)}`;
        const kind = pick(KINDS);
        const name =
          kind === 'class'
            ? `${pick(NOUNS)[0]!.toUpperCase()}${pick(NOUNS).slice(1)}${i}`
            : `${pick(VERBS)}_${pick(NOUNS)}_${i}`;
        const id = `obj-${r}-${i}`;
        const codeHash = `h${i}`;
        objects.push({
          id,
          repo_id: repoId,
          file_path: `src/${area}/${file}.py`,
          file_id: `file-${r}-${Math.floor(i / 20)}`,
          name,
          qualified_name: `${area}.${file}.${name}`,
          kind,
          language,
          signature: `def ${name}(value)`,
          line_start: (i % 20) * 10 + 1,
          line_end: (i % 20) * 10 + 9,
          code_hash: codeHash,
          doc_comment: null,
          parent_id: null,
          present: 1,
        });
        if (i % 2 === 0) {
          docs.push({
            repo_id: repoId,
            object_id: id,
            field_id: 'summary',
            value: `Handles ${name.replace(/_/g, ' ')}.`,
            source: 'generated',
            written_at_commit: 'a'.repeat(40),
            code_hash_at_write: i % 20 === 0 ? 'older' : codeHash,
            updated_by: userId,
          });
        }
        seeded.push({ repo_id: repoId, id });
      }
      await db.insertInto('code_objects').values(objects).execute();
      if (docs.length) await db.insertInto('docs').values(docs).execute();
    }
  }
  return seeded;
}

async function run({ server, database, memory }: SeededBench): Promise<void> {
  console.log(
    `Pockets benchmark: object search and compilation reads at 200 concurrent requests, ${count(REPOSITORIES * OBJECTS_PER_REPOSITORY)} objects in ${REPOSITORIES} repositories and a ${count(COMPILATION_SIZE)}-object compilation, through the real server (${databaseLabel})`,
  );
  const account = await createBenchAccount(server);
  const { id: userId } = await database.db
    .selectFrom('users')
    .select('id')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const seedStarted = performance.now();
  const objects = await seedObjects(database, userId);
  const { compilation } = expectStatus(
    await api<{ compilation: { compilation_id: string } }>(server, 'POST', '/api/v0/compilation', {
      token: account.token,
      body: { name: 'Public API' },
    }),
    201,
    'create compilation',
  );
  const id = compilation.compilation_id;
  // every 20th object: 5,000 across the five repositories, added through the API
  const chosen = objects.filter((_, i) => i % 20 === 7).slice(0, COMPILATION_SIZE);
  for (let start = 0; start < chosen.length; start += BATCH) {
    expectStatus(
      await api(server, 'POST', '/api/v0/compilation/object', {
        token: account.token,
        body: {
          compilation_id: id,
          object_ids: chosen.slice(start, start + BATCH).map((o) => o.id),
        },
      }),
      200,
      'add objects',
    );
  }
  console.log(
    `  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${count(objects.length)} objects, ${count(chosen.length)} in one compilation\n`,
  );
  // what the endpoints answer, checked once before they are loaded
  const search = (query: string) => `/api/v0/objects/search?${query}`;
  const found = expectStatus(
    await api<{ objects: { name: string }[]; cursor: string | null }>(
      server,
      'GET',
      search('q=parse_report&limit=50'),
      { token: account.token },
    ),
    200,
    'search',
  );
  if (found.objects.length !== 50 || !found.cursor) {
    throw new Error(`search q=parse_report answered ${found.objects.length} objects`);
  }
  const listed = expectStatus(
    await api<{ objects: unknown[] }>(server, 'GET', `/api/v0/compilation/${id}/object/metadata`, {
      token: account.token,
    }),
    200,
    'compilation objects',
  );
  if (listed.objects.length !== chosen.length) {
    throw new Error(`the compilation lists ${listed.objects.length} of ${chosen.length} objects`);
  }
  const endpoints: [string, string][] = [
    ['health (the floor)', '/api/health'],
    ['search, no text (50)', search('limit=50')],
    ['search q=parse_report (50)', search('q=parse_report&limit=50')],
    ['search q=Session (prefix, 50)', search('q=Session&limit=50')],
    ['search q=ab (short, 50)', search('q=ab&limit=50')],
    ['search q=nothing-like-this', search('q=nothing-like-this')],
    ['search q=send kind=method', search('q=send&kind=method&limit=50')],
    ['search status=stale (50)', search('status=stale&limit=50')],
    [
      'search, a later page',
      search(`q=parse_report&limit=50&cursor=${encodeURIComponent(found.cursor)}`),
    ],
    ['compilation metadata', '/api/v0/compilation/metadata'],
    [`compilation objects (${count(chosen.length)})`, `/api/v0/compilation/${id}/object/metadata`],
  ];
  memory.phase();
  const over = await measureEndpoints(server, account, endpoints, BUDGET_P99_MS);
  reportLoads(memory, over, BUDGET_P99_MS);
}

await runSeededBench('bench:pockets', run);
