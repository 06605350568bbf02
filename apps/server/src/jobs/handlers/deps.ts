/** What handlers may use (the feature services' job context). */
export type { JobServiceContext as JobDeps } from '../../services/job-context';
