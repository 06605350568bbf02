import {
  exportBuildJob,
  JOB_DEFINITIONS,
  livedocsGenerateJob,
  purgeExpiredJob,
  repoCheckoutJob,
  repoConnectJob,
  repoIndexJob,
  repoSyncJob,
  siteBuildJob,
} from '../definitions/index';
import type { JobRegistry } from '../registry';
import type { JobDeps } from './deps';
import { exportBuildHandler } from '../../services/exports/export-job';
import { livedocsGenerateHandler } from '../../services/livedocs/generation-job';
import { purgeExpiredHandler } from './purge-expired';
import { repoCheckoutHandler } from '../../services/repos/checkout-job';
import { repoConnectHandler } from '../../services/repos/connect-job';
import { repoIndexHandler } from '../../services/livedocs/index-job';
import { repoSyncHandler } from '../../services/repos/sync-job';
import { siteBuildHandler } from '../../services/sites/site-build-job';

export type { JobDeps } from './deps';

/** Registers every application job kind with its handler, then checks none is missing. */
export function registerApplicationJobs(registry: JobRegistry, deps: JobDeps): void {
  registry.register(purgeExpiredJob, purgeExpiredHandler(deps));
  registry.register(repoConnectJob, repoConnectHandler(deps));
  registry.register(repoSyncJob, repoSyncHandler(deps));
  registry.register(repoCheckoutJob, repoCheckoutHandler(deps));
  registry.register(repoIndexJob, repoIndexHandler(deps));
  registry.register(livedocsGenerateJob, livedocsGenerateHandler(deps));
  registry.register(siteBuildJob, siteBuildHandler(deps));
  registry.register(exportBuildJob, exportBuildHandler(deps));
  registry.check(JOB_DEFINITIONS);
}
