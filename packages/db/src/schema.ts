import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The Kysely view of every table, matching `migrations/` exactly. Conventions that hold on both
 * SQLite and PostgreSQL:
 * - ids are opaque strings made by the application;
 * - timestamps are ISO-8601 UTC strings (`text` on SQLite, `timestamptz` read back as ISO strings on
 *   PostgreSQL); columns with a database default are `Generated<Timestamp>`;
 * - JSON payloads are `text`, serialised by the repositories;
 * - there are no SQL booleans: a nullable timestamp records when something became true.
 */
export type Timestamp = string;

/** A `bigint` column: read as a JavaScript number on both databases. */
export type BigIntColumn = ColumnType<number, number | bigint, number | bigint>;

export interface UsersTable {
  id: string;
  /** Always stored lower-case (a CHECK constraint enforces it). */
  email: string;
  name: Generated<string>;
  description: Generated<string>;
  password_hash: string | null;
  email_verified_at: Timestamp | null;
  /** How the account signs in: `password`, `github`, `oidc`, … */
  login_method: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Generated<Timestamp>;
  last_seen_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Id of the one session token currently valid; refresh replaces it. */
  token_id: string | null;
  /** The token id before the last rotation, accepted for a short grace after `rotated_at`. */
  previous_token_id: string | null;
  rotated_at: Timestamp | null;
}

export interface AuthTokensTable {
  id: string;
  user_id: string;
  /** `verify`, `reset` or `invite`. */
  kind: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface OauthAccountsTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: Generated<Timestamp>;
}

export interface SshKeysTable {
  id: string;
  user_id: string;
  name: string;
  algorithm: string;
  public_key: string;
  /** AES-256-GCM ciphertext keyed from APP_SECRET; never leaves the server. */
  private_key_enc: string;
  fingerprint: string;
  created_at: Generated<Timestamp>;
}

export interface ReposTable {
  id: string;
  user_id: string;
  /** The remote URL without credentials. */
  url: string;
  name: string;
  /** `https` or `ssh`. */
  method: string;
  ssh_key_name: string | null;
  default_branch: string | null;
  branch: string | null;
  head_commit: string | null;
  status: string;
  error: string | null;
  last_synced_at: Timestamp | null;
  /** ssh remotes: the host key fingerprint recorded on first connection. */
  host_key_fingerprint: Generated<string | null>;
  /** Bumped by every write that can change doc statuses (migration 0006); keys derived counts. */
  docs_revision: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** One path of one listed commit (migration 0004). */
export interface FilesTable {
  repo_id: string;
  commit_id: string;
  path: string;
  /** Stable across commits for the same repo and path. */
  file_id: string;
  /** The last path segment. */
  name: string;
  /** The part of `name` after its last dot, '' when none. */
  extension: string;
  /** Engine language id, null when not a known source language. */
  language: string | null;
  size: BigIntColumn;
  blob_sha: string;
  /** Git file mode: 100644, 100755, 120000 (symlink), 160000 (submodule). */
  mode: string;
}

/** A commit whose file listing is complete (written with its files in one transaction). */
export interface RepoCommitsTable {
  repo_id: string;
  commit_id: string;
  file_count: number;
  listed_at: Generated<Timestamp>;
}

/** Keyed by (repo_id, id) (migration 0007): an id never addresses another repository's object. */
export interface CodeObjectsTable {
  /**
   * Stable across commits: a hash of repo, file path, qualified name, kind and overload index
   * (the engine's objectId with the repo id as repository key).
   */
  id: string;
  repo_id: string;
  file_path: string;
  name: string;
  qualified_name: string;
  kind: string;
  language: string;
  signature: string;
  line_start: number;
  line_end: number;
  code_hash: string;
  doc_comment: string | null;
  parent_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Stable file id of `file_path` (migration 0005). */
  file_id: string | null;
  /** 1 when the object exists at the repo's current commit (migration 0005). */
  present: Generated<number>;
  /** 1 when the object's own doc comment has a summary (migration 0018). */
  author_summary: Generated<number>;
}

/** One file's engine model, content-addressed by blob and path (migration 0005). */
export interface FileIndexesTable {
  repo_id: string;
  blob_sha: string;
  path: string;
  schema_version: number;
  language: string | null;
  object_count: number;
  /** The engine's FileIndex as gzipped JSON. */
  data: Uint8Array;
  created_at: Generated<Timestamp>;
}

/** A commit the engine has read completely, with its cross-file references (migration 0005). */
export interface RepoIndexesTable {
  repo_id: string;
  commit_id: string;
  schema_version: number;
  file_count: number;
  object_count: number;
  /** The engine's Reference[] as gzipped JSON. */
  references_data: Uint8Array;
  indexed_at: Generated<Timestamp>;
}

/** One saved version of a doc field (migration 0005). */
export interface DocRevisionsTable {
  id: string;
  /** With object_id, the object's key (migration 0007). */
  repo_id: string;
  object_id: string;
  field_id: string;
  version: number;
  value: string;
  source: string;
  written_at_commit: string | null;
  code_hash_at_write: string | null;
  created_at: Generated<Timestamp>;
  created_by: string | null;
}

/** Objects generated per user and calendar month (UTC, `YYYY-MM`), for the plan quota. */
export interface GenerationUsageTable {
  user_id: string;
  month: string;
  objects: Generated<number>;
}

/** Keyed by (repo_id, object_id, field_id) (migration 0007). */
export interface DocsTable {
  repo_id: string;
  object_id: string;
  /** `summary`, `description`, `param:<name>`, `returns`, `throws`, `example` or `notes`. */
  field_id: string;
  value: string;
  /** `author`, `edited`, `generated`, `model`, `empty` (or `imported`, from older stores). */
  source: string;
  written_at_commit: string | null;
  code_hash_at_write: string | null;
  updated_at: Generated<Timestamp>;
  updated_by: string | null;
  /** Optimistic-concurrency counter: a save naming an older version is refused with 409. */
  version: Generated<number>;
  /** When a person accepted this generated text as it is (migration 0018); null otherwise. */
  accepted_at: Timestamp | null;
  accepted_by: string | null;
}

/** A repository's overview facts at one commit (migration 0017). */
export interface RepoOverviewsTable {
  repo_id: string;
  commit_id: string;
  /** The engine schema version times 1000 plus the overview version that computed the facts. */
  schema_version: number;
  /** The contract's `OverviewFacts` as JSON. */
  facts: string;
  generated_at: Generated<Timestamp>;
}

/** A person's text for one overview section, keyed by (repo_id, section_id) (migration 0017). */
export interface OverviewSectionsTable {
  repo_id: string;
  section_id: string;
  value: string;
  written_at_commit: string;
  /** SHA-256 of the generated text the person's text stood against: another one now → stale. */
  generated_hash_at_write: string;
  updated_at: Generated<Timestamp>;
  updated_by: string | null;
  version: Generated<number>;
}

export interface CompilationsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Bumped by every change (name, objects, order); keys memoised reads (migration 0010). */
  revision: Generated<number>;
}

export interface CompilationObjectsTable {
  compilation_id: string;
  /** With object_id, the object's key (migration 0007). */
  repo_id: string;
  object_id: string;
  added_at: Generated<Timestamp>;
  /** Manual order within the compilation, from 0 (migration 0008). */
  position: Generated<number>;
}

export interface FoldersTable {
  id: string;
  owner_id: string;
  /** Null once the compilation it was built from is deleted; the folder itself stays. */
  compilation_id: string | null;
  name: string;
  status: string;
  error: string | null;
  file_count: Generated<number>;
  size: ColumnType<number, number | bigint | undefined, number | bigint>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** The build directory the site is served from; null before the first build (migration 0012). */
  build_id: string | null;
  /** JSON `[{repo_id, repo_name, commit_id}]`: the commits the current site documents. */
  pins: Generated<string>;
  /** The running build's task, if any. */
  task_id: string | null;
}

/** A Markdown, JSON or patch export (migration 0016). */
export interface ExportsTable {
  id: string;
  owner_id: string;
  /** `markdown`, `json` or `patch`. */
  kind: string;
  name: string;
  compilation_id: string | null;
  repo_id: string | null;
  /** JSON: `{fields, paths}` of a patch. */
  options: Generated<string>;
  /** `building`, `ready` or `failed`. */
  status: string;
  error: string | null;
  task_id: string | null;
  /** The store directory its files are in; null until built. */
  build_id: string | null;
  file_count: Generated<number>;
  size: ColumnType<number, number | bigint | undefined, number | bigint>;
  /** JSON `[{repo_id, repo_name, commit_id}]`. */
  pins: Generated<string>;
  /** JSON `{written, skipped: [{path, name, reason}]}`. */
  summary: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface FolderFilesTable {
  folder_id: string;
  file_id: string;
  path: string;
  size: BigIntColumn;
  content_type: string;
  sha256: string;
}

export interface SharesTable {
  id: string;
  folder_id: string;
  /** `public`, `private` or `email`. */
  kind: string;
  /** Hash of the ≥128-bit slug; the slug itself is never stored. */
  token_hash: string | null;
  /** `viewer` or `editor`. */
  permission: string;
  expires_at: Timestamp | null;
  email: string | null;
  created_by: string;
  created_at: Generated<Timestamp>;
  revoked_at: Timestamp | null;
  /** How many times the link was opened (migration 0013). */
  opens: Generated<number>;
  last_opened_at: Timestamp | null;
  /** E-mail invitations: the account that used it (single use) and when. */
  accepted_by: string | null;
  accepted_at: Timestamp | null;
  /** E-mail invitations: when the mail went out; null when the mail server refused it. */
  mailed_at: Timestamp | null;
}

export interface FolderMembersTable {
  folder_id: string;
  user_id: string;
  permission: string;
  via_share_id: string | null;
  created_at: Generated<Timestamp>;
}

export interface PlansTable {
  id: string;
  name: string;
  price_id: string | null;
  /** Price in the smallest currency unit. */
  amount: Generated<number>;
  currency: Generated<string>;
  /** JSON: quota name → limit. */
  quotas: Generated<string>;
  archived_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface PurchasesTable {
  id: string;
  user_id: string;
  plan_id: string;
  price_id: string | null;
  status: string;
  amount: number;
  currency: string;
  /** `stripe`, `test` or `off`. */
  provider: string;
  provider_ref: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** When the purchase was paid, canceled or expired (null while pending). */
  completed_at: Timestamp | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  status: string;
  current_period_end: Timestamp | null;
  provider: string;
  provider_ref: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Set: the subscription ends at `current_period_end` (requested at this time). */
  cancel_requested_at: Timestamp | null;
  /** A downgrade that takes effect at `current_period_end`. */
  scheduled_plan_id: string | null;
  /** The provider's customer (Stripe `cus_…`), for the billing portal. */
  customer_ref: string | null;
  /** When the provider's state was read; an older reading is never applied over it. */
  synced_at: Timestamp | null;
}

/** Provider events already applied (Stripe redelivers; each is applied once). */
export interface BillingEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: Generated<Timestamp>;
}

/** A user's generation preferences. */
export interface GenerationPreferencesTable {
  user_id: string;
  /** JSON: language → doc style. */
  doc_styles: Generated<string>;
  updated_at: Generated<Timestamp>;
}

export interface JobsTable {
  /** Also the task id the client sees (the `x-task-id` header when one was sent). */
  id: string;
  user_id: string | null;
  kind: string;
  /** JSON. */
  payload: Generated<string>;
  /** `queued`, `running`, `succeeded`, `failed` or `cancelled`. */
  status: Generated<string>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  message: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Generated<Timestamp>;
  heartbeat_at: Timestamp | null;
  locked_by: string | null;
  error: string | null;
  /** JSON. */
  result: string | null;
  /** When the job reached `succeeded` or `failed` (migration 0003). */
  finished_at: Timestamp | null;
  /** When the latest attempt was claimed; the claim serves the least recently served user first (migration 0011). */
  started_at: Timestamp | null;
  /**
   * At most one queued or running job per key (a partial unique index, migration 0011): a
   * repository's generation. Null for jobs without such a rule.
   */
  singleton_key: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** One activity event of the user whose metrics it counts in (migrations 0001, 0015). */
export interface EventsTable {
  id: string;
  user_id: string;
  kind: string;
  subject: string | null;
  /** JSON. */
  data: string | null;
  created_at: Generated<Timestamp>;
  /** Who did it; null for the system or a visitor without an account. */
  actor_id: string | null;
  /** The repository, folder or compilation the event is counted under. */
  scope: string | null;
  /** What the event counts for (fields written by a generation); 1 for most. */
  amount: Generated<number>;
}

/** Events counted per UTC day and key, written with each event (migration 0015). */
export interface ActivityDailyTable {
  user_id: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  kind: string;
  /** '' when the event has none (as for `subject` and `actor_id`). */
  scope: Generated<string>;
  subject: Generated<string>;
  actor_id: Generated<string>;
  events: BigIntColumn;
  amount: BigIntColumn;
}

/** A repository's doc counts at the end of a day something changed them (migration 0015). */
export interface CoverageSnapshotsTable {
  repo_id: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  user_id: string;
  commit_id: string | null;
  objects: number;
  /** Objects with a usable summary (rule 1); under rule 0, objects with any filled field. */
  documented: number;
  /** Objects with generated text only (rule 1; null under rule 0). */
  generated: number | null;
  stale: number;
  /** 1: counted by the rule of migration 0018; 0: an older day, when any filled field counted. */
  rule: Generated<number>;
  /** The repository's `docs_revision` the counts were taken at. */
  docs_revision: number;
  taken_at: Generated<Timestamp>;
}

/** One failed login or mail request, counted per key (`login:account:…`, `mail:ip:…`). */
export interface ThrottleEventsTable {
  id: string;
  key: string;
  created_at: Generated<Timestamp>;
}

/** Every table of DESIGN.md section 4, by name. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  oauth_accounts: OauthAccountsTable;
  ssh_keys: SshKeysTable;
  repos: ReposTable;
  files: FilesTable;
  repo_commits: RepoCommitsTable;
  code_objects: CodeObjectsTable;
  docs: DocsTable;
  repo_overviews: RepoOverviewsTable;
  overview_sections: OverviewSectionsTable;
  file_indexes: FileIndexesTable;
  repo_indexes: RepoIndexesTable;
  doc_revisions: DocRevisionsTable;
  generation_usage: GenerationUsageTable;
  compilations: CompilationsTable;
  compilation_objects: CompilationObjectsTable;
  folders: FoldersTable;
  exports: ExportsTable;
  folder_files: FolderFilesTable;
  shares: SharesTable;
  folder_members: FolderMembersTable;
  plans: PlansTable;
  purchases: PurchasesTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  generation_preferences: GenerationPreferencesTable;
  jobs: JobsTable;
  events: EventsTable;
  activity_daily: ActivityDailyTable;
  coverage_snapshots: CoverageSnapshotsTable;
  throttle_events: ThrottleEventsTable;
}

export type TableName = keyof Database;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type AuthToken = Selectable<AuthTokensTable>;
export type NewAuthToken = Insertable<AuthTokensTable>;
export type OauthAccount = Selectable<OauthAccountsTable>;
export type SshKey = Selectable<SshKeysTable>;
export type NewSshKey = Insertable<SshKeysTable>;
export type Repo = Selectable<ReposTable>;
export type NewRepo = Insertable<ReposTable>;
export type RepoUpdate = Updateable<ReposTable>;
export type RepoFile = Selectable<FilesTable>;
export type NewRepoFile = Insertable<FilesTable>;
export type RepoCommit = Selectable<RepoCommitsTable>;
export type CodeObject = Selectable<CodeObjectsTable>;
export type NewCodeObject = Insertable<CodeObjectsTable>;
export type FileIndexRow = Selectable<FileIndexesTable>;
export type RepoIndexRow = Selectable<RepoIndexesTable>;
export type DocRevision = Selectable<DocRevisionsTable>;
export type Doc = Selectable<DocsTable>;
export type NewDoc = Insertable<DocsTable>;
export type RepoOverviewRow = Selectable<RepoOverviewsTable>;
export type OverviewSectionRow = Selectable<OverviewSectionsTable>;
export type Compilation = Selectable<CompilationsTable>;
export type CompilationObject = Selectable<CompilationObjectsTable>;
export type Folder = Selectable<FoldersTable>;
export type NewFolder = Insertable<FoldersTable>;
export type FolderFile = Selectable<FolderFilesTable>;
export type Share = Selectable<SharesTable>;
export type NewShare = Insertable<SharesTable>;
export type FolderMember = Selectable<FolderMembersTable>;
export type Plan = Selectable<PlansTable>;
export type Purchase = Selectable<PurchasesTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type Job = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type ActivityEvent = Selectable<EventsTable>;
export type NewActivityEvent = Insertable<EventsTable>;
export type ActivityDaily = Selectable<ActivityDailyTable>;
export type CoverageSnapshot = Selectable<CoverageSnapshotsTable>;
