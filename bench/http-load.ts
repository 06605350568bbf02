// Load through the real running server, shared by `bench:api` and `bench:pockets`: each endpoint
// gets the same load (autocannon, CONNECTIONS keep-alive connections) as the first one, normally
// GET /api/health — the floor the HTTP stack itself sets on this machine with the load generator
// on the same cores — and prints its p50 and p99 with the ratios of its p99 to a budget and to
// that floor. Fails loudly on any non-2xx answer; never asserts wall-clock times.
import autocannon from 'autocannon';
import { api, expectStatus } from './repos-server';
import type { BenchAccount, BenchServer } from './repos-server';

export const CONNECTIONS = 200;
/**
 * How long each endpoint is loaded, after a warm-up of WARM_UP_S: long enough that the first
 * request of each connection (its TCP handshake, all 200 at once) is well under 1% of the
 * samples the p99 is read from.
 */
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARM_UP_S = 2;
/**
 * An endpoint whose single call takes so long that 200 queued calls take longer than this is
 * loaded with two requests per connection instead of for DURATION_S: a timed run would end
 * before most answers came.
 */
const QUEUE_LIMIT_MS = 10_000;
/** A request unanswered this long counts as a timeout (reported, not a failure). */
const REQUEST_TIMEOUT_S = 60;
/**
 * Before an endpoint's calls alone, the server must answer a health check this fast: the
 * previous endpoint's load can leave requests queued in the server after the load generator
 * stops, and those would be timed as this endpoint's own work.
 */
const SETTLED_MS = 20;

const count = (n: number) => n.toLocaleString('en-US');

export interface Load {
  requests: number;
  timeouts: number;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  bytes: number;
}

/**
 * GETs of `path` over CONNECTIONS keep-alive connections, for `run.duration` seconds or
 * `run.amount` requests; throws on any non-2xx answer or error other than a timeout.
 */
export async function load(
  server: BenchServer,
  account: BenchAccount,
  path: string,
  run: { duration: number } | { amount: number },
): Promise<Load> {
  // each connection's first answer waits for its TCP handshake, 200 at once: a storm a client
  // that keeps its connections meets once, not a latency of the endpoint; left out of p50/p99
  const opened = new WeakSet<object>();
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.url}${path}`,
        connections: CONNECTIONS,
        ...run,
        timeout: REQUEST_TIMEOUT_S,
        headers: { authorization: `Bearer ${account.token}` },
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (client, _status, _bytes, ms) => {
      if (opened.has(client)) latencies.push(ms);
      else opened.add(client);
    });
  });
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies.length
      ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!
      : NaN;
  // autocannon counts a timeout as an error too
  if (result.non2xx > 0 || result.errors > result.timeouts) {
    const sample = await api(server, 'GET', path, { token: account.token });
    throw new Error(
      `${path}: ${result.non2xx} non-2xx answers, ${result.errors - result.timeouts} errors (one call now: ${sample.status} ${JSON.stringify(sample.body).slice(0, 200)})`,
    );
  }
  return {
    requests: result.requests.total,
    timeouts: result.timeouts,
    p50: percentile(0.5),
    p99: percentile(0.99),
    max: result.latency.max,
    rps: result.requests.total / Math.max(result.duration, 0.001),
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

/** Waits (at most 10 s) until a health check alone answers within SETTLED_MS. */
async function settle(server: BenchServer): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await api(server, 'GET', '/api/health')).ms < SETTLED_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One endpoint's load, with its p99 as a ratio to the floor's (the first endpoint's). */
export interface EndpointLoad extends Load {
  label: string;
  floorRatio: number;
}

/**
 * Measures each `[label, path]` in turn (the first is the floor the others are compared with)
 * and prints one table row per endpoint; answers the labels whose p99 is over `budgetMs`.
 */
export async function measureEndpoints(
  server: BenchServer,
  account: BenchAccount,
  endpoints: [string, string][],
  budgetMs: number,
): Promise<string[]> {
  const loads = await loadEndpoints(server, account, endpoints, budgetMs);
  return loads.filter((one) => one.p99 > budgetMs).map((one) => one.label);
}

/** As `measureEndpoints`, answering every endpoint's load. */
export async function loadEndpoints(
  server: BenchServer,
  account: BenchAccount,
  endpoints: [string, string][],
  budgetMs: number,
): Promise<EndpointLoad[]> {
  console.log(
    `  ${'endpoint'.padEnd(34)} ${'alone'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'req/s'.padStart(7)} ${'requests'.padStart(9)} ${'answer'.padStart(9)}  ${`p99 / ${budgetMs} ms`.padStart(11)}  p99 / floor`,
  );
  let floor = 0;
  const loads: EndpointLoad[] = [];
  for (const [label, path] of endpoints) {
    await settle(server);
    // one call at a time first: the time the work itself takes, with nothing queued
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await api(server, 'GET', path, { token: account.token });
      expectStatus(answer, 200, label);
      alone.push(answer.ms);
    }
    const aloneMs = alone.sort((a, b) => a - b)[2]!;
    const timed = aloneMs * CONNECTIONS < QUEUE_LIMIT_MS;
    if (timed) await load(server, account, path, { duration: WARM_UP_S });
    const measured = await load(
      server,
      account,
      path,
      timed ? { duration: DURATION_S } : { amount: 2 * CONNECTIONS },
    );
    if (floor === 0) floor = measured.p99;
    const size =
      measured.bytes < 10_240
        ? `${measured.bytes.toFixed(0)} B`
        : `${(measured.bytes / 1024).toFixed(0)} kB`;
    const ratio = measured.p99 / budgetMs;
    const floorRatio = measured.p99 / Math.max(1, floor);
    loads.push({ ...measured, label, floorRatio });
    const timeouts = measured.timeouts
      ? `  ${measured.timeouts} of ${measured.requests + measured.timeouts} unanswered after ${REQUEST_TIMEOUT_S} s`
      : '';
    console.log(
      `  ${label.padEnd(34)} ${`${aloneMs.toFixed(1)} ms`.padStart(8)} ${`${measured.p50.toFixed(0)} ms`.padStart(8)} ${`${measured.p99.toFixed(0)} ms`.padStart(8)} ${`${measured.max} ms`.padStart(8)} ${measured.rps.toFixed(0).padStart(7)} ${count(measured.requests).padStart(9)} ${size.padStart(9)}  ${`${ratio.toFixed(2)}×`.padStart(11)}  ${`${floorRatio.toFixed(1)}×`.padStart(11)}${timeouts}`,
    );
  }
  return loads;
}
