import type { JobDefinition } from '../job-definition';
import { exportBuildJob } from './export-build';
import { livedocsGenerateJob } from './livedocs-generate';
import { purgeExpiredJob } from './purge-expired';
import { repoCheckoutJob } from './repo-checkout';
import { repoConnectJob } from './repo-connect';
import { repoIndexJob } from './repo-index';
import { repoSyncJob } from './repo-sync';
import { siteBuildJob } from './site-build';

export { exportBuildJob } from './export-build';
export type { ExportBuildPayload } from './export-build';
export { livedocsGenerateJob } from './livedocs-generate';
export type { LivedocsGeneratePayload } from './livedocs-generate';
export { purgeExpiredJob } from './purge-expired';
export { repoCheckoutJob } from './repo-checkout';
export type { RepoCheckoutPayload } from './repo-checkout';
export { repoConnectJob } from './repo-connect';
export type { RepoConnectPayload } from './repo-connect';
export { indexTaskId, repoIndexJob } from './repo-index';
export type { RepoIndexPayload } from './repo-index';
export { repoSyncJob } from './repo-sync';
export type { RepoSyncPayload } from './repo-sync';
export { siteBuildJob } from './site-build';
export type { SiteBuildPayload } from './site-build';

/** Every job kind the application defines; start-up checks each has a handler. */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  purgeExpiredJob,
  repoConnectJob,
  repoSyncJob,
  repoCheckoutJob,
  repoIndexJob,
  livedocsGenerateJob,
  siteBuildJob,
  exportBuildJob,
] as JobDefinition[];
