// What `bench:pockets` and `bench:metrics` share: the real server on a fresh data directory (and
// a fresh PostgreSQL database with BENCH_DATABASE_URL), a direct handle on its database for
// seeding, a sampler of its memory, a summary line of the loads against the budget, and cleaning
// all of it up whatever happens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@codedocs/db';
import type { DatabaseHandle } from '@codedocs/db';
import { createBenchDatabase } from './repos-postgres';
import { MemorySampler, startBenchServer, type BenchServer } from './repos-server';

const root = join(import.meta.dirname, '..');
const postgresAdminUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;

/** Which database the benchmarks run on, for their first line. */
export const databaseLabel = postgresAdminUrl
  ? 'PostgreSQL, a fresh database on BENCH_DATABASE_URL'
  : 'SQLite';

/** A small deterministic generator (mulberry32), so every run seeds the same data. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a seeded benchmark works with. */
export interface SeededBench {
  server: BenchServer;
  database: DatabaseHandle;
  memory: MemorySampler;
}

/**
 * Runs `bench` against a fresh server and database, then stops and removes everything; a
 * failure is printed as `<name> failed: …` and sets the exit code.
 */
export async function runSeededBench(
  name: string,
  bench: (seeded: SeededBench) => Promise<void>,
): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `${name.replace(/\W/g, '-')}-`));
  try {
    const dataDir = join(work, 'data');
    const benchDatabase = postgresAdminUrl
      ? await createBenchDatabase(postgresAdminUrl)
      : undefined;
    const server = await startBenchServer(root, dataDir, benchDatabase?.url).catch(
      async (error) => {
        await benchDatabase?.drop();
        throw error;
      },
    );
    const database = createDatabase({ databaseUrl: benchDatabase?.url, dataDir });
    const memory = new MemorySampler(server.pid);
    try {
      await bench({ server, database, memory }).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${message}\n  the server's last lines:\n${server.output()}`);
      });
    } finally {
      memory.stop();
      await database.destroy();
      await server.stop();
      await benchDatabase?.drop();
    }
  } catch (error) {
    console.error(`\n${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The closing lines of a load table: the server's peak memory and what was over the budget. */
export function reportLoads(memory: MemorySampler, over: string[], budgetMs: number): void {
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(`\n  server peak memory under load: ${mb(memory.phase().serverKb)}`);
  console.log(
    over.length
      ? `  NOTE: over the DESIGN.md section 9 budget (p99 ${budgetMs} ms): ${over.join('; ')}`
      : `  every endpoint within the DESIGN.md section 9 budget (p99 ${budgetMs} ms)`,
  );
}
