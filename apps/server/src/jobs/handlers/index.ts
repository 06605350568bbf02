import { JOB_DEFINITIONS, purgeExpiredJob } from '../definitions/index';
import type { JobRegistry } from '../registry';
import type { JobDeps } from './deps';
import { purgeExpiredHandler } from './purge-expired';

export type { JobDeps } from './deps';

/** Registers every application job kind with its handler, then checks none is missing. */
export function registerApplicationJobs(registry: JobRegistry, deps: JobDeps): void {
  registry.register(purgeExpiredJob, purgeExpiredHandler(deps));
  registry.check(JOB_DEFINITIONS);
}
