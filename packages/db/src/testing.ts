import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Dialect } from './dialect';

/**
 * Test helpers shared by every suite that needs a real database (`@codedocs/db/testing`).
 * SQLite always runs; PostgreSQL runs when DATABASE_URL_TEST is set or a local server accepts
 * connections, and REQUIRE_POSTGRES=1 turns "not reachable" into a failure instead of a skip.
 * Use as: `const dialects = await testDialects(); describe.each(dialects)('%s', (dialect) => …)`.
 */

/** Tried in order when DATABASE_URL_TEST is unset: the current OS user, then `postgres`. */
const LOCAL_ADMIN_URLS = [
  'postgres://127.0.0.1:5432/test',
  'postgres://postgres@127.0.0.1:5432/test',
];

interface PostgresProbe {
  adminUrl?: string;
  failure?: string;
}

let probe: Promise<PostgresProbe> | undefined;

async function tryConnect(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Masks the password of a connection URL for messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

async function probePostgres(): Promise<PostgresProbe> {
  const explicit = process.env.DATABASE_URL_TEST?.trim();
  const candidates = explicit ? [explicit] : LOCAL_ADMIN_URLS;
  const failures: string[] = [];
  for (const url of candidates) {
    const failure = await tryConnect(url);
    if (!failure) return { adminUrl: url };
    failures.push(`${redact(url)}: ${failure}`);
  }
  return { failure: failures.join('; ') };
}

/** The admin URL of a reachable PostgreSQL server, probed once per process. */
async function postgresAdminUrl(): Promise<string | undefined> {
  probe ??= probePostgres();
  const { adminUrl, failure } = await probe;
  if (adminUrl) return adminUrl;
  if (process.env.REQUIRE_POSTGRES === '1' || process.env.DATABASE_URL_TEST?.trim()) {
    throw new Error(
      `PostgreSQL is required for this test run (REQUIRE_POSTGRES=1 or DATABASE_URL_TEST set) but is not reachable: ${failure}`,
    );
  }
  return undefined;
}

/**
 * The dialects this run covers: always `sqlite`, plus `postgres` when reachable. Throws when
 * PostgreSQL is required (REQUIRE_POSTGRES=1 or DATABASE_URL_TEST) but cannot be reached.
 * TEST_DIALECTS=sqlite leaves PostgreSQL out of the suites that run on both (the Node matrix's
 * whole-project run; suites written for PostgreSQL alone still use it).
 */
export async function testDialects(): Promise<Dialect[]> {
  if (process.env.TEST_DIALECTS === 'sqlite') return ['sqlite'];
  return (await postgresAdminUrl()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  dialect: Dialect;
  /** Set for PostgreSQL (a fresh `t_<random>` database); undefined for SQLite. */
  databaseUrl: string | undefined;
  /** A fresh temporary folder to use as DATA_DIR (holds the SQLite file). */
  dataDir: string;
  /** Drops the PostgreSQL database (disconnecting any client) and removes `dataDir`. */
  cleanup(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A fresh, empty database for one suite: a temporary DATA_DIR, and for PostgreSQL a new database
 * created through the admin URL. Migrations are left to the caller (the app runs them at start).
 */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'codedocs-test-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { dialect, databaseUrl: undefined, dataDir, cleanup: removeDataDir };
  }

  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) throw new Error('PostgreSQL is not reachable; check testDialects() first');
  const name = `t_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    databaseUrl: url.toString(),
    dataDir,
    async cleanup() {
      // FORCE (PostgreSQL 13+) disconnects pools a failed test left open.
      await withAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
      await removeDataDir();
    },
  };
}
