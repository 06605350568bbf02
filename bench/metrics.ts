// `npm run bench:metrics`: the activity metrics endpoints (issue 19) through the real running
// server with one million events seeded for one user over a year (plus another user's, which must
// never be counted), five repositories with a coverage snapshot a day, and sites with shares.
// Every endpoint is loaded like GET /api/health (the floor) and reported as p50/p99 with the ratio
// of its p99 to that floor (bench/http-load.ts); nothing asserts wall-clock times. The answers
// are checked once against totals computed while seeding.
//
// Events and their daily counts are written straight into the server's database (the rows
// recordEvent writes), not made through a million API calls: what is measured is the reads. With
// BENCH_DATABASE_URL=postgres://… it runs on a fresh PostgreSQL database on that server.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle, NewActivityEvent } from '@codedocs/db';
import { measureEndpoints } from './http-load';
import { api, createBenchAccount, expectStatus } from './repos-server';
import {
  databaseLabel,
  random,
  reportLoads,
  runSeededBench,
  type SeededBench,
} from './seeded-server';
const EVENTS = Number(process.env.BENCH_METRICS_EVENTS ?? 1_000_000);
const OTHER_USER_EVENTS = Math.round(EVENTS / 10);
const DAYS = 365;
const REPOSITORIES = 5;
const FOLDERS = 4;
const PEOPLE = 12;
const BATCH = 1000;
const BUDGET_P99_MS = 50;
const DAY_MS = 86_400_000;

const count = (n: number) => n.toLocaleString('en-US');

/** Kinds in the proportions a busy account might see. */
const MIX: [string, number][] = [
  ['docs.generated', 30],
  ['doc.edited', 30],
  ['doc.reviewed', 5],
  ['site.viewed', 10],
  ['share.opened', 15],
  ['repo.synced', 5],
  ['compilation.changed', 5],
];
const WEIGHTS = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** What the seeding wrote, to check the answers against. */
interface Seeded {
  repos: string[];
  folders: string[];
  /** Totals per kind for days on or after `since` (the last 30 days). */
  recent: { since: string; generated: number; edited: number; views: number };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/** `events` rows for `userId` spread over the year, and their daily counts. */
async function seedEvents(
  database: DatabaseHandle,
  userId: string,
  total: number,
  targets: { repos: string[]; folders: string[]; shares: string[]; people: string[] },
  seed: number,
  recent?: Seeded['recent'],
): Promise<void> {
  const { db } = database;
  const next = random(seed);
  const now = Date.now();
  const daily = new Map<string, { key: string[]; events: number; amount: number }>();
  // a transaction per 100 batches: committing each INSERT alone would take most of the seeding
  const flush = async (rows: NewActivityEvent[][]) => {
    await db.transaction().execute(async (trx) => {
      for (const batch of rows) await trx.insertInto('events').values(batch).execute();
    });
  };
  let batches: NewActivityEvent[][] = [];
  for (let start = 0; start < total; start += BATCH) {
    const rows: NewActivityEvent[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      let pick = next() * WEIGHTS;
      const kind = MIX.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? 'doc.edited';
      const at = now - Math.floor(next() * DAYS * DAY_MS);
      const repo = targets.repos[Math.floor(next() * targets.repos.length)]!;
      const folderIndex = Math.floor(next() * targets.folders.length);
      const folder = targets.folders[folderIndex]!;
      let subject = repo;
      let scope = repo;
      let actor: string | null = userId;
      let amount = 1;
      if (kind === 'docs.generated') amount = 1 + Math.floor(next() * 40);
      if (kind === 'doc.edited')
        actor = targets.people[Math.floor(next() * targets.people.length)]!;
      if (kind === 'site.viewed') subject = scope = folder;
      if (kind === 'share.opened') {
        subject = targets.shares[folderIndex]!;
        scope = folder;
        actor = null;
      }
      if (kind === 'compilation.changed') subject = scope = `compilation-${folderIndex}`;
      const createdAt = new Date(at).toISOString();
      rows.push({
        id: randomUUID(),
        user_id: userId,
        kind,
        subject,
        scope,
        actor_id: actor,
        amount,
        data: JSON.stringify({ name: `item ${i % 500}` }),
        created_at: createdAt,
      });
      const day = dayOf(at);
      const key = [day, kind, scope, subject, actor ?? ''];
      const id = key.join('\0');
      const entry = daily.get(id) ?? { key, events: 0, amount: 0 };
      entry.events += 1;
      entry.amount += amount;
      daily.set(id, entry);
      if (recent && day >= recent.since) {
        if (kind === 'docs.generated') recent.generated += amount;
        if (kind === 'doc.edited') recent.edited += 1;
        if (kind === 'site.viewed' || kind === 'share.opened') recent.views += 1;
      }
    }
    batches.push(rows);
    if (batches.length === 100) {
      await flush(batches);
      batches = [];
    }
  }
  await flush(batches);
  await insertBatched([...daily.values()], (batch) =>
    db
      .insertInto('activity_daily')
      .values(
        batch.map(({ key: [day, kind, scope, subject, actor], events, amount }) => ({
          user_id: userId,
          day: day!,
          kind: kind!,
          scope: scope!,
          subject: subject!,
          actor_id: actor!,
          events,
          amount,
        })),
      )
      .execute(),
  );
}

/** Repositories with a snapshot a day, folders with a share each, and a few editors. */
async function seedTargets(database: DatabaseHandle, userId: string, label: string) {
  const { db } = database;
  const now = Date.now();
  const repos: string[] = [];
  for (let r = 0; r < REPOSITORIES; r++) {
    const id = randomUUID();
    repos.push(id);
    await db
      .insertInto('repos')
      .values({
        id,
        user_id: userId,
        url: `https://git.example.test/${label}/service-${r}.git`,
        name: `${label}-service-${r}`,
        method: 'https',
        status: 'connected',
      })
      .execute();
    const snapshots = [];
    for (let d = DAYS - 1; d >= 0; d--) {
      const objects = 20_000;
      const documented = Math.round(objects * ((DAYS - d) / DAYS));
      snapshots.push({
        repo_id: id,
        user_id: userId,
        day: dayOf(now - d * DAY_MS),
        commit_id: null,
        objects,
        documented,
        stale: (d * 7) % 300,
        docs_revision: DAYS - d,
        taken_at: new Date(now - d * DAY_MS).toISOString(),
      });
    }
    await insertBatched(snapshots, (batch) =>
      db.insertInto('coverage_snapshots').values(batch).execute(),
    );
  }
  const folders: string[] = [];
  const shares: string[] = [];
  for (let f = 0; f < FOLDERS; f++) {
    const folder = randomUUID();
    const share = randomUUID();
    folders.push(folder);
    shares.push(share);
    await db
      .insertInto('folders')
      .values({ id: folder, owner_id: userId, name: `${label} site ${f}`, status: 'ready' })
      .execute();
    await db
      .insertInto('shares')
      .values({
        id: share,
        folder_id: folder,
        kind: f % 2 ? 'public' : 'private',
        permission: 'viewer',
        created_by: userId,
      })
      .execute();
  }
  return { repos, folders, shares };
}

async function seedPeople(database: DatabaseHandle): Promise<string[]> {
  const people = Array.from({ length: PEOPLE }, (_, i) => ({
    id: randomUUID(),
    email: `editor-${i}@example.test`,
    name: `Editor ${i}`,
  }));
  await database.db.insertInto('users').values(people).execute();
  return people.map((person) => person.id);
}

async function run({ server, database, memory }: SeededBench): Promise<void> {
  console.log(
    `Metrics benchmark: the activity endpoints at 200 concurrent requests with ${count(EVENTS)} events of one user over ${DAYS} days (and ${count(OTHER_USER_EVENTS)} of another), through the real server (${databaseLabel})`,
  );
  const account = await createBenchAccount(server);
  const { id: userId } = await database.db
    .selectFrom('users')
    .select('id')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const seedStarted = performance.now();
  const people = await seedPeople(database);
  const mine = await seedTargets(database, userId, 'bench');
  const since = dayOf(Date.now() - 29 * DAY_MS);
  const recent = { since, generated: 0, edited: 0, views: 0 };
  await seedEvents(database, userId, EVENTS, { ...mine, people }, 7, recent);
  const other = people[0]!;
  const theirs = await seedTargets(database, other, 'other');
  await seedEvents(database, other, OTHER_USER_EVENTS, { ...theirs, people: [other] }, 8);
  // the server would have checkpointed a write-ahead log this size long before
  if (database.dialect === 'sqlite')
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  console.log(
    `  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${count(EVENTS + OTHER_USER_EVENTS)} events, ${count(2 * REPOSITORIES * DAYS)} coverage snapshots\n`,
  );

  const today = dayOf(Date.now());
  const range = (days: number, bucket: 'day' | 'week') =>
    `from=${dayOf(Date.now() - (days - 1) * DAY_MS)}&to=${today}&bucket=${bucket}`;
  // what the endpoints answer, checked once before they are loaded
  const docs = expectStatus(
    await api<{ totals: { generated: number; edited: number }; people: unknown[] }>(
      server,
      'GET',
      `/api/v1/activity/docs?${range(30, 'day')}`,
      { token: account.token },
    ),
    200,
    'docs metrics',
  );
  if (docs.totals.generated !== recent.generated || docs.totals.edited !== recent.edited) {
    throw new Error(
      `docs metrics answered ${JSON.stringify(docs.totals)}, seeded ${recent.generated} generated and ${recent.edited} edited`,
    );
  }
  if (docs.people.length !== PEOPLE) {
    throw new Error(`docs metrics name ${docs.people.length} editors of ${PEOPLE}`);
  }
  const views = expectStatus(
    await api<{ totals: { views: number } }>(
      server,
      'GET',
      `/api/v1/activity/views?${range(30, 'day')}`,
      { token: account.token },
    ),
    200,
    'views metrics',
  );
  if (views.totals.views !== recent.views) {
    throw new Error(`views metrics answered ${views.totals.views}, seeded ${recent.views}`);
  }
  const coverage = expectStatus(
    await api<{ repositories: { points: unknown[] }[] }>(
      server,
      'GET',
      `/api/v1/activity/coverage?${range(365, 'week')}`,
      { token: account.token },
    ),
    200,
    'coverage metrics',
  );
  if (coverage.repositories.length !== REPOSITORIES) {
    throw new Error(`coverage lists ${coverage.repositories.length} repositories`);
  }
  const feed = expectStatus(
    await api<{ events: unknown[]; cursor: string | null }>(
      server,
      'GET',
      '/api/v1/activity/events?limit=30',
      { token: account.token },
    ),
    200,
    'feed',
  );
  if (feed.events.length !== 30 || !feed.cursor) {
    throw new Error(`the feed answered ${feed.events.length} events`);
  }

  const endpoints: [string, string][] = [
    ['health (the floor)', '/api/health'],
    ['feed (30)', '/api/v1/activity/events?limit=30'],
    ['feed, a later page', `/api/v1/activity/events?limit=30&cursor=${feed.cursor}`],
    ['feed category=docs', '/api/v1/activity/events?limit=30&category=docs'],
    ['feed category=billing (none)', '/api/v1/activity/events?limit=30&category=billing'],
    ['feed one repository', `/api/v1/activity/events?limit=30&scope=${mine.repos[0]}`],
    ['docs, 30 days', `/api/v1/activity/docs?${range(30, 'day')}`],
    ['docs, a year by week', `/api/v1/activity/docs?${range(365, 'week')}`],
    ['views, 90 days', `/api/v1/activity/views?${range(90, 'day')}`],
    ['views, a year by week', `/api/v1/activity/views?${range(365, 'week')}`],
    ['coverage, 30 days', `/api/v1/activity/coverage?${range(30, 'day')}`],
    ['coverage, a year by week', `/api/v1/activity/coverage?${range(365, 'week')}`],
    ['checklist', '/api/v1/activity/checklist'],
  ];
  memory.phase();
  const over = await measureEndpoints(server, account, endpoints, BUDGET_P99_MS);
  reportLoads(memory, over, BUDGET_P99_MS);
}

await runSeededBench('bench:metrics', run);
