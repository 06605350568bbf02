// PostgreSQL for `BENCH_DATABASE_URL=postgres://… npm run bench:repos`: a fresh database per run
// on that server (as TESTING.md asks of test runs), dropped at the end, so runs compare.
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import pg from 'pg';

/** A database made for one run: its URL, and the call that drops it. */
export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withClient<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates `codedocs_bench_<random>` on the server of `given` (a role allowed to create
 * databases) and answers its URL: same server and credentials, that database.
 */
export async function createBenchDatabase(given: string): Promise<BenchDatabase> {
  // Without a user name libpq tools use the OS user; say so, since the server gets a clean env.
  const admin = new URL(given);
  if (!admin.username) admin.username = userInfo().username;
  const adminUrl = admin.toString();
  const name = `codedocs_bench_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
