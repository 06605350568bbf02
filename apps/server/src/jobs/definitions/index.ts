import type { JobDefinition } from '../job-definition';
import { purgeExpiredJob } from './purge-expired';

export { purgeExpiredJob } from './purge-expired';

/** Every job kind the application defines; start-up checks each has a handler. */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [purgeExpiredJob as JobDefinition];
