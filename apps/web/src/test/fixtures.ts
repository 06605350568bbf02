import type {
  AuthConfigResponse,
  ActivityChecklist,
  ActivityEvent,
  CompilationMetadata,
  CoverageMetrics,
  DocsMetrics,
  Folder,
  RepoJson,
  SessionResponse,
  SshKeyJson,
  SubscriptionResponse,
  Task,
  UserProfile,
  ViewsMetrics,
} from '@codedocs/contract';

/** The signed-in user of the tests. */
export const testProfile: UserProfile = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  description: 'Writes notes on engines.',
  login_method: 'password',
  email_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  purchases: [],
};

/** A subscription answer with its plan token. */
export const testSubscription: SubscriptionResponse = {
  plan: 'free',
  status: 'active',
  current_period_end: null,
  cancel_at_period_end: false,
  scheduled_plan: null,
  billing: 'test',
  portal: false,
  quotas: {
    repos: 3,
    generated_objects_per_month: 2000,
    static_folders: 3,
    static_folder_bytes: 50 * 1024 * 1024,
  },
  purchases: [],
  jwt: 'plan-token',
};

/** A public auth config with one provider and the local outbox. */
export const testAuthConfig: AuthConfigResponse = {
  providers: [{ id: 'github', name: 'GitHub' }],
  mail_outbox: true,
  billing: 'test',
};

/** The answer of a call that starts a session. */
export function sessionAnswer(
  token = 'session-token',
  loginMethod: SessionResponse['user']['login_method'] = 'password',
): SessionResponse {
  return {
    token,
    user: {
      id: testProfile.id,
      email: testProfile.email,
      name: testProfile.name,
      email_verified: true,
      login_method: loginMethod,
    },
  };
}

/** A connected https repository. */
export const testRepo: RepoJson = {
  repo_id: 'repo-1',
  url: 'https://git.example/acme/engine.git',
  name: 'engine',
  method: 'https',
  branch: 'main',
  default_branch: 'main',
  commit_id: '0123456789abcdef0123456789abcdef01234567',
  status: 'connected',
  last_synced: '2026-11-20T10:00:00.000Z',
  languages: ['TypeScript', 'Rust'],
  object_count: 120,
  documented_count: 40,
  generated_count: 0,
  stale_count: 2,
  undocumented_count: 78,
  error: null,
  ssh_key_name: null,
  host_key_fingerprint: null,
  file_count: 87,
};

/** A running connect task as the event stream carries it. */
export function testTask(overrides: Partial<Task> = {}): Task {
  return {
    task_id: 'task-1',
    kind: 'repo.connect',
    status: 'running',
    progress: { done: 1, total: 4 },
    message: 'Cloning',
    error: null,
    result: null,
    ...overrides,
  };
}

/** An ed25519 key as the key list returns it. */
export const testSshKey: SshKeyJson = {
  name: 'laptop',
  algorithm: 'ed25519',
  date_created: '2026-11-01T09:30:00.000Z',
  public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBqk codedocs-laptop',
  fingerprint: 'SHA256:q1w2e3r4t5y6u7i8o9p0asdfghjklzxcvbnm1234567',
};

/** A ready static documentation folder of the test user, pinning one repository. */
export function testFolder(id: string, name: string, overrides: Partial<Folder> = {}): Folder {
  return {
    folder_id: id,
    name,
    compilation_id: 'p1',
    owner: { user_id: testProfile.id, name: testProfile.name },
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:05:00.000Z',
    status: 'ready',
    error: null,
    task_id: null,
    file_count: 12,
    size: 48_000,
    pins: [
      {
        repo_id: 'repo-1',
        repo_name: 'engine',
        commit_id: 'abcdef0123456789abcdef0123456789abcdef01',
      },
    ],
    permission: 'owner',
    shares: [],
    ...overrides,
  };
}

/** A pocket (compilation) as the compilations list returns it. */
export function testPocket(id: string, name: string, objectCount = 0): CompilationMetadata {
  return {
    compilation_id: id,
    name,
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
    object_count: objectCount,
    repositories: [],
  };
}

/** The first-run checklist with the given steps done. */
export function testChecklist(done: Partial<ActivityChecklist['steps']> = {}): ActivityChecklist {
  const steps = {
    connect: false,
    generate: false,
    pocket: false,
    site: false,
    share: false,
    ...done,
  };
  return { steps, done: Object.values(steps).every(Boolean) };
}

/** One activity event as the feed and the live stream carry it. */
export function testActivityEvent(overrides: Partial<ActivityEvent> = {}): ActivityEvent {
  return {
    event_id: 'event-1',
    kind: 'doc.edited',
    subject: testRepo.repo_id,
    scope: testRepo.repo_id,
    actor_id: 'user-1',
    actor_name: 'Ada Lovelace',
    amount: 1,
    data: { object_id: 'o1', name: 'add', field_id: 'summary' },
    created_at: new Date().toISOString(),
    grouped: 1,
    ...overrides,
  };
}

/** The range and day buckets a metrics request asks for (`?from=&to=&bucket=`). */
export function metricsFrame(url: string) {
  const query = new URL(url, 'http://test').searchParams;
  const from = query.get('from') ?? '2026-01-01';
  const to = query.get('to') ?? from;
  const buckets: string[] = [];
  for (
    let day = Date.parse(`${from}T00:00:00Z`);
    day <= Date.parse(`${to}T00:00:00Z`);
    day += 86_400_000
  ) {
    buckets.push(new Date(day).toISOString().slice(0, 10));
  }
  return { from, to, bucket: 'day' as const, buckets };
}

/** Coverage metrics with no repository. */
export function emptyCoverage(url: string): CoverageMetrics {
  return { ...metricsFrame(url), repositories: [] };
}

/** Docs metrics with nothing generated or edited. */
export function emptyDocsMetrics(url: string): DocsMetrics {
  const frame = metricsFrame(url);
  const zeros = frame.buckets.map(() => 0);
  return {
    ...frame,
    series: { generated: zeros, edited: zeros, reviewed: zeros },
    totals: { generated: 0, edited: 0, reviewed: 0 },
    people: [],
  };
}

/** Views metrics with no view. */
export function emptyViews(url: string): ViewsMetrics {
  const frame = metricsFrame(url);
  return {
    ...frame,
    series: { views: frame.buckets.map(() => 0) },
    totals: { views: 0 },
    folders: [],
    shares: [],
  };
}
