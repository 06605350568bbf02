import type { DatabaseDialect, HealthResponse } from '@codedocs/contract';
import type { Db } from '../repositories/db';
import { pingDatabase } from '../repositories/health-repository';
import { APP_VERSION } from '../version';

/** A health check must answer even when the database hangs (a pool waiting for a dead server). */
const PING_TIMEOUT_MS = 3000;

async function isReachable(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pingDatabase(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The health of this process for load balancers and the e2e suite: `ok` when the database answers,
 * `degraded` when it does not.
 */
export async function checkHealth(db: Db, dialect: DatabaseDialect): Promise<HealthResponse> {
  const reachable = await isReachable(db);
  return {
    status: reachable ? 'ok' : 'degraded',
    version: APP_VERSION,
    database: { dialect, reachable },
  };
}
