import type { TableName } from './schema';

/** Every table of the current schema; tests check that migrations create exactly these. */
export const TABLE_NAMES = [
  'users',
  'sessions',
  'auth_tokens',
  'oauth_accounts',
  'ssh_keys',
  'repos',
  'files',
  'repo_commits',
  'code_objects',
  'docs',
  'repo_overviews',
  'overview_sections',
  'file_indexes',
  'repo_indexes',
  'doc_revisions',
  'generation_usage',
  'compilations',
  'compilation_objects',
  'folders',
  'folder_files',
  'exports',
  'shares',
  'folder_members',
  'plans',
  'purchases',
  'subscriptions',
  'billing_events',
  'generation_preferences',
  'jobs',
  'events',
  'activity_daily',
  'coverage_snapshots',
  'throttle_events',
] as const satisfies readonly TableName[];

// Compile-time check that the list above names every table of `Database`.
type Missing = Exclude<TableName, (typeof TABLE_NAMES)[number]>;
const everyTableListed: [Missing] extends [never] ? true : Missing = true;
void everyTableListed;
