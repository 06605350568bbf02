import type { Dialect } from '@codedocs/db';
import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BILLING_MODES, PLAN_CATALOGUE, type BillingMode } from '@codedocs/contract';
import { isPostgresUrl } from '@codedocs/db';
import { z } from 'zod';
import { loadOrCreateAppSecret, MIN_APP_SECRET_LENGTH } from './secrets/app-secret';
import type { S3SiteStoreConfig } from './sites/s3-site-store';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the server reads from the environment, validated and with defaults applied. */
export interface Config {
  port: number;
  host: string;
  /** Absolute; created at load time. */
  dataDir: string;
  /** PostgreSQL URL, or undefined for SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  appSecret: string;
  /** The address users open, without a trailing slash. */
  publicUrl: string;
  /** False when `publicUrl` is the default derived from PORT. */
  publicUrlConfigured: boolean;
  /** Separate origin for published documentation sites, if any. */
  sitesOrigin: string | undefined;
  logLevel: LogLevel;
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** Requests per minute per client address. */
  rateLimitMax: number;
  /**
   * Which reverse proxies may set X-Forwarded-For (Fastify's `trustProxy`): false, true (any),
   * a number of hops, or proxy addresses/CIDR ranges. Decides the client address that rate
   * limits, login throttling and the loopback-only outbox page see.
   */
  trustProxy: boolean | number | string[];
  /** Absolute path of the built SPA. */
  webDistDir: string;
  /** NODE_ENV=production: no pretty logs. */
  production: boolean;
  /** smtp:// or smtps:// URL of the mail server; undefined writes mails to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  /** Serve the outbox page to non-loopback clients too (it shows sign-in links). */
  mailOutboxPublic: boolean;
  /** `test` (built-in checkout), `stripe`, or `off` (everyone on the self-hosted plan). */
  billing: BillingMode;
  /**
   * Stripe's keys and prices; set exactly when BILLING=stripe. Optional only so hand-built test
   * configs need not name it.
   */
  stripe?: StripeConfig | undefined;
  /** GitHub OAuth app, when both its id and secret are set. */
  github: GithubConfig | undefined;
  /** Any OpenID Connect issuer, when issuer, client id and secret are set. */
  oidc: OidcConfig | undefined;
  /** ALLOW_LOCAL_REPOS=1: file:// repository URLs are accepted (tests, single-user installs). */
  allowLocalRepos: boolean;
  /** ALLOW_PRIVATE_NETWORK=1: repository hosts may resolve to private/loopback addresses. */
  allowPrivateNetwork: boolean;
  /** Longest a single git command may run before its whole process group is killed. */
  gitTimeoutMs: number;
  /** Largest repository (bytes on disk) a clone or fetch may grow to. */
  gitMaxRepoBytes: number;
  /** Background jobs one process runs at the same time. */
  jobConcurrency: number;
  /**
   * Most jobs of one user running at once across every process sharing the queue, so one
   * user's queue cannot hold the workers another user's connect waits for.
   */
  jobsPerUser: number;
  /** Run job workers inside the API process (JOB_WORKERS=0 leaves jobs to `npm run worker`). */
  jobWorkers: boolean;
  /** Test-only tuning of the queue's intervals; never read from the environment. */
  jobTimings?: Partial<JobTimings>;
  /**
   * Test-only: scrypt's cost (log2 N) for new password hashes, so suites that sign up hundreds
   * of users do not spend 0.4 s of CPU on each; never read from the environment (unset: the
   * OWASP default of src/auth/passwords.ts).
   */
  passwordHashLog2N?: number;
  /**
   * An OpenAI-compatible model that writes doc prose, when LLM_BASE_URL and LLM_MODEL are set.
   * `loadConfig` always sets it (undefined without a model); optional only so hand-built test
   * configs need not name it.
   */
  llm?: LlmConfig | undefined;
  /**
   * S3-compatible object storage for built sites, when SITES_S3_BUCKET is set (else the disk
   * under DATA_DIR). Optional for the same reason as `llm`.
   */
  sitesS3?: S3SiteStoreConfig | undefined;
  /**
   * Days activity events, their daily counts and coverage snapshots are kept (ACTIVITY_RETENTION_DAYS;
   * 0 keeps them for ever). Optional so hand-built test configs need not name it.
   */
  activityRetentionDays?: number;
}

/** How long activity is kept when ACTIVITY_RETENTION_DAYS is unset. */
export const DEFAULT_ACTIVITY_RETENTION_DAYS = 365;

/** The optional model provider (OpenAI-compatible chat completions). */
export interface LlmConfig {
  /** Base URL without a trailing slash; requests go to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  /** One request's limit; past it the deterministic text is kept. */
  timeoutMs: number;
  /** Requests in flight at once, per process. */
  concurrency: number;
}

/** The queue's clocks (milliseconds); see `DEFAULT_JOB_TIMINGS` in src/jobs/timings.ts. */
export interface JobTimings {
  /** How often an idle worker looks for due jobs (a local enqueue wakes it at once). */
  pollMs: number;
  /** How often a running job's heartbeat is written. */
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this is taken to have lost its worker. */
  staleAfterMs: number;
  /** How often the reaper looks for such jobs. */
  reapEveryMs: number;
  /** Scales every retry delay (tests use a tiny factor instead of waiting seconds). */
  backoffScale: number;
  /** Progress is written (and broadcast) at most this often, except the final step. */
  progressEveryMs: number;
}

export { BILLING_MODES, type BillingMode };

/** BILLING=stripe: the account's secret key, the webhook's signing secret, the plans' prices. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Plan id of the catalogue (`pro`, `team`) → the Stripe price (`price_…`) it is sold at. */
  prices: Record<string, string>;
  /** Another API address (stripe-mock, a test's fake): protocol, host and port are taken from it. */
  apiUrl: string | undefined;
}

export interface GithubConfig {
  clientId: string;
  clientSecret: string;
  /** Web address of the GitHub instance (authorize and token endpoints), no trailing slash. */
  baseUrl: string;
  /** REST API address (user and e-mail lookups), no trailing slash. */
  apiUrl: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Label of the login button. */
  name: string;
}

/** Raised when the environment is invalid; lists every bad variable at once. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * The built SPA next to this file's workspace: `apps/server/src/config.ts` under tsx and
 * `apps/server/dist/server.js` after the build both sit two folders below `apps/`.
 */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Plans sold for money: each needs a Stripe price when BILLING=stripe. */
const PAID_PLAN_IDS = PLAN_CATALOGUE.filter((plan) => plan.price_id !== null).map(
  (plan) => plan.plan_id,
);

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const DEFAULT_GIT_TIMEOUT_MS = 10 * 60 * 1000;
const DEFAULT_GIT_MAX_REPO_BYTES = 2 * 1024 * 1024 * 1024;
const MAX_BODY_LIMIT = 1024 * 1024 * 1024;
const DEFAULT_LLM_TIMEOUT_MS = 30_000;
const DEFAULT_LLM_CONCURRENCY = 2;

/** One proxy address or CIDR range, e.g. 10.0.0.0/8 or ::1. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: 0/false, 1/true, a hop count (2–10), or a comma-separated list of addresses. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

function isTrustProxy(value: string): boolean {
  if (['0', '1', 'true', 'false'].includes(value)) return true;
  if (/^\d+$/.test(value)) return Number(value) >= 2 && Number(value) <= 10;
  const parts = value.split(',').map((part) => part.trim());
  return parts.length > 0 && parts.every(isAddressOrRange);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isHttpOrigin(value: string): boolean {
  return isHttpUrl(value) && new URL(value).origin === value.replace(/\/$/, '');
}

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((value) => value >= min && value <= max);

/** One rule per variable: the schema and the sentence shown when it fails. */
const rules = {
  PORT: { schema: integer(0, 65535), problem: 'must be an integer between 0 and 65535' },
  HOST: { schema: z.string(), problem: 'must be a host name or address' },
  DATA_DIR: { schema: z.string(), problem: 'must be a folder path' },
  DATABASE_URL: {
    schema: z.string().refine(isPostgresUrl),
    problem:
      'must start with postgres:// or postgresql:// (leave it unset to use SQLite in DATA_DIR)',
    secret: true,
  },
  APP_SECRET: {
    schema: z.string().min(MIN_APP_SECRET_LENGTH),
    problem: `must be at least ${MIN_APP_SECRET_LENGTH} characters long (leave it unset to generate one in DATA_DIR)`,
    secret: true,
  },
  PUBLIC_URL: {
    schema: z.string().refine(isHttpUrl),
    problem: 'must be an http:// or https:// URL',
  },
  SITES_ORIGIN: {
    schema: z.string().refine(isHttpOrigin),
    problem: 'must be an http:// or https:// origin without a path, e.g. https://docs.example.com',
  },
  LOG_LEVEL: { schema: z.enum(LOG_LEVELS), problem: `must be one of ${LOG_LEVELS.join(', ')}` },
  BODY_LIMIT: {
    schema: integer(1, MAX_BODY_LIMIT),
    problem: `must be a number of bytes between 1 and ${MAX_BODY_LIMIT}`,
  },
  RATE_LIMIT_MAX: {
    schema: integer(1, Number.MAX_SAFE_INTEGER),
    problem: 'must be a positive integer (requests per minute per client address)',
  },
  TRUST_PROXY: {
    schema: z.string().refine(isTrustProxy),
    problem:
      'must be 0, 1, a number of proxy hops (2-10) or a comma-separated list of proxy addresses or CIDR ranges',
  },
  WEB_DIST_DIR: { schema: z.string(), problem: 'must be a folder path' },
  SMTP_URL: {
    schema: z.string().refine(isSmtpUrl),
    problem:
      'must be an smtp:// or smtps:// URL (leave it unset to write mails to DATA_DIR/outbox)',
    secret: true,
  },
  MAIL_FROM: {
    schema: z.string().min(3),
    problem: 'must be an address, e.g. "CodeDocs <no-reply@example.com>"',
  },
  MAIL_OUTBOX_PUBLIC: { schema: z.enum(['0', '1']), problem: 'must be 0 or 1' },
  BILLING: { schema: z.enum(BILLING_MODES), problem: `must be one of ${BILLING_MODES.join(', ')}` },
  STRIPE_SECRET_KEY: {
    schema: z.string().regex(/^(sk|rk)_\S+$/),
    problem: 'must be a Stripe secret or restricted key (sk_… or rk_…)',
    secret: true,
  },
  STRIPE_WEBHOOK_SECRET: {
    schema: z.string().regex(/^whsec_\S+$/),
    problem: "must be the webhook endpoint's signing secret (whsec_…)",
    secret: true,
  },
  STRIPE_PRICES: {
    schema: z.string().refine(isPriceList),
    problem: 'must list plan=price pairs separated by commas, e.g. pro=price_123,team=price_456',
  },
  STRIPE_API_URL: {
    schema: z.string().refine(isHttpUrl),
    problem: 'must be an http:// or https:// URL (stripe-mock, tests); leave it unset for Stripe',
  },
  GITHUB_CLIENT_ID: { schema: z.string(), problem: 'must be the client id of a GitHub OAuth app' },
  GITHUB_CLIENT_SECRET: {
    schema: z.string(),
    problem: 'must be the client secret of a GitHub OAuth app',
    secret: true,
  },
  GITHUB_BASE_URL: {
    schema: z.string().refine(isHttpUrl),
    problem: 'must be an http:// or https:// URL',
  },
  GITHUB_API_URL: {
    schema: z.string().refine(isHttpUrl),
    problem: 'must be an http:// or https:// URL',
  },
  OIDC_ISSUER: {
    schema: z.string().refine(isHttpUrl),
    problem: 'must be the http:// or https:// URL of an OpenID Connect issuer',
  },
  OIDC_CLIENT_ID: {
    schema: z.string(),
    problem: 'must be the client id registered with the issuer',
  },
  OIDC_CLIENT_SECRET: {
    schema: z.string(),
    problem: 'must be the client secret registered with the issuer',
    secret: true,
  },
  OIDC_NAME: { schema: z.string().max(60), problem: 'must be at most 60 characters' },
  ALLOW_LOCAL_REPOS: { schema: z.enum(['0', '1']), problem: 'must be 0 or 1' },
  ALLOW_PRIVATE_NETWORK: { schema: z.enum(['0', '1']), problem: 'must be 0 or 1' },
  GIT_TIMEOUT_MS: {
    schema: integer(1000, 24 * 60 * 60 * 1000),
    problem: 'must be a number of milliseconds between 1000 and 86400000',
  },
  GIT_MAX_REPO_BYTES: {
    schema: integer(1024 * 1024, Number.MAX_SAFE_INTEGER),
    problem: 'must be a number of bytes, at least 1048576',
  },
  JOB_CONCURRENCY: {
    schema: integer(1, 64),
    problem: 'must be an integer between 1 and 64 (jobs one process runs at once)',
  },
  JOBS_PER_USER: {
    schema: integer(1, 64),
    problem: 'must be an integer between 1 and 64 (jobs of one user running at once)',
  },
  JOB_WORKERS: {
    schema: z.enum(['0', '1']),
    problem: 'must be 0 (no job workers in the API process) or 1',
  },
  LLM_BASE_URL: {
    schema: z.string().refine(isHttpUrl),
    problem: 'must be an http(s) URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1',
  },
  LLM_MODEL: { schema: z.string().max(200), problem: 'must be a model name' },
  LLM_API_KEY: { schema: z.string().max(4096), problem: 'must be an API key', secret: true },
  LLM_TIMEOUT_MS: {
    schema: integer(1000, 600_000),
    problem: 'must be a number of milliseconds between 1000 and 600000',
  },
  LLM_CONCURRENCY: {
    schema: integer(1, 32),
    problem: 'must be an integer between 1 and 32 (model requests in flight at once)',
  },
  SITES_S3_BUCKET: {
    schema: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/),
    problem: 'must be an S3 bucket name (3-63 lower-case letters, digits, dots and hyphens)',
  },
  SITES_S3_ENDPOINT: {
    schema: z.string().refine(isHttpUrl),
    problem: 'must be the http:// or https:// address of an S3-compatible service',
  },
  SITES_S3_REGION: {
    schema: z.string().regex(/^[a-z0-9-]{1,40}$/),
    problem: 'must be a region name',
  },
  SITES_S3_PREFIX: {
    schema: z.string().regex(/^[A-Za-z0-9!_.*'()/-]{1,200}$/),
    problem: "must be a key prefix of letters, digits and !_.*'()/- (at most 200)",
  },
  SITES_S3_PATH_STYLE: { schema: z.enum(['0', '1']), problem: 'must be 0 or 1' },
  ACTIVITY_RETENTION_DAYS: {
    schema: integer(0, 36_500),
    problem: 'must be a number of days between 0 (keep activity for ever) and 36500',
  },
} as const;

type Variable = keyof typeof rules;

/** Every environment variable the server reads (docs and deployment files are checked against it). */
export const CONFIG_VARIABLES = Object.keys(rules) as Variable[];

const envSchema = z.object(
  Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [name, rule.schema.optional()]),
  ) as { [K in Variable]: z.ZodOptional<(typeof rules)[K]['schema']> },
);

/** Unset and blank variables are the same thing (compose files often write `VAR=`). */
function presentValues(env: NodeJS.ProcessEnv): Partial<Record<Variable, string>> {
  const values: Partial<Record<Variable, string>> = {};
  for (const name of Object.keys(rules) as Variable[]) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

function describeProblem(name: Variable, value: string | undefined): string {
  const rule: { problem: string; secret?: boolean } = rules[name];
  const shown = rule.secret ? `${value?.length ?? 0} characters, not shown` : `got "${value}"`;
  return `${name} ${rule.problem} (${shown})`;
}

/** Variables that only work together: a half-configured provider is an error, not silence. */
const GROUPS: Variable[][] = [
  ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
  ['LLM_BASE_URL', 'LLM_MODEL'],
];

/** Variables that mean nothing without another one. */
const NEEDS: [Variable, Variable][] = [
  ['SITES_S3_ENDPOINT', 'SITES_S3_BUCKET'],
  ['SITES_S3_REGION', 'SITES_S3_BUCKET'],
  ['SITES_S3_PREFIX', 'SITES_S3_BUCKET'],
  ['SITES_S3_PATH_STYLE', 'SITES_S3_BUCKET'],
];

function pairingProblems(values: Partial<Record<Variable, string>>): string[] {
  const problems: string[] = [];
  for (const [name, needed] of NEEDS) {
    if (values[name] !== undefined && values[needed] === undefined) {
      problems.push(`${name} is only used with ${needed}, which is not set`);
    }
  }
  for (const group of GROUPS) {
    const missing = group.filter((name) => values[name] === undefined);
    if (missing.length > 0 && missing.length < group.length) {
      problems.push(
        `${missing.join(', ')} must be set together with ${group.filter((name) => !missing.includes(name)).join(', ')}`,
      );
    }
  }
  return problems;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function isPriceList(value: string): boolean {
  return value.split(',').every((pair) => /^\s*[a-z-]+\s*=\s*\S+\s*$/.test(pair));
}

/** STRIPE_PRICES → plan id → price id. */
function parsePrices(value: string): Record<string, string> {
  return Object.fromEntries(
    value.split(',').map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]),
  );
}

/**
 * BILLING=stripe needs the keys and a price for every paid plan of `paidPlans`; Stripe settings
 * without BILLING=stripe are a mistake too (they would silently do nothing).
 */
function stripeProblems(
  values: Partial<Record<Variable, string>>,
  paidPlans: readonly string[],
): string[] {
  const names = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'] as const;
  if (values.BILLING !== 'stripe') {
    const set = [...names, 'STRIPE_API_URL' as const].filter((name) => values[name] !== undefined);
    return set.length > 0
      ? [`${set.join(', ')} only ${set.length === 1 ? 'applies' : 'apply'} with BILLING=stripe`]
      : [];
  }
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length > 0) return [`BILLING=stripe needs ${missing.join(', ')}`];
  const prices = parsePrices(values.STRIPE_PRICES ?? '');
  const unknown = Object.keys(prices).filter((plan) => !paidPlans.includes(plan));
  const unpriced = paidPlans.filter((plan) => !prices[plan]);
  return [
    ...(unknown.length > 0
      ? [`STRIPE_PRICES names plans that are not sold: ${unknown.join(', ')}`]
      : []),
    ...(unpriced.length > 0 ? [`STRIPE_PRICES needs a price for ${unpriced.join(', ')}`] : []),
  ];
}

/**
 * Reads and validates the configuration once at start. Throws a ConfigError naming every invalid
 * variable; creates DATA_DIR and, when APP_SECRET is unset, the secret file inside it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = presentValues(env);
  const parsed = envSchema.safeParse(values);
  if (!parsed.success) {
    const names = new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as Variable));
    throw new ConfigError([...names].map((name) => describeProblem(name, values[name])));
  }
  const vars = parsed.data;
  const pairing = [...pairingProblems(values), ...stripeProblems(values, PAID_PLAN_IDS)];
  if (pairing.length > 0) throw new ConfigError(pairing);

  const port = vars.PORT ?? 3000;
  const dataDir = resolve(vars.DATA_DIR ?? './data');
  // Private to the server's user: it holds the database, the secret and every clone.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');

  return {
    port,
    host: vars.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    appSecret: vars.APP_SECRET ?? loadOrCreateAppSecret(dataDir),
    publicUrl,
    publicUrlConfigured: vars.PUBLIC_URL !== undefined,
    sitesOrigin: vars.SITES_ORIGIN?.replace(/\/$/, ''),
    logLevel: vars.LOG_LEVEL ?? 'info',
    bodyLimit: vars.BODY_LIMIT ?? DEFAULT_BODY_LIMIT,
    rateLimitMax: vars.RATE_LIMIT_MAX ?? 600,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    webDistDir: vars.WEB_DIST_DIR ? resolve(vars.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    production: env.NODE_ENV === 'production',
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'CodeDocs <no-reply@localhost>',
    mailOutboxPublic: vars.MAIL_OUTBOX_PUBLIC === '1',
    billing: vars.BILLING ?? 'test',
    stripe:
      vars.BILLING === 'stripe' && vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            prices: parsePrices(vars.STRIPE_PRICES ?? ''),
            apiUrl: vars.STRIPE_API_URL,
          }
        : undefined,
    github:
      vars.GITHUB_CLIENT_ID && vars.GITHUB_CLIENT_SECRET
        ? {
            clientId: vars.GITHUB_CLIENT_ID,
            clientSecret: vars.GITHUB_CLIENT_SECRET,
            baseUrl: trimSlash(vars.GITHUB_BASE_URL ?? 'https://github.com'),
            apiUrl: trimSlash(vars.GITHUB_API_URL ?? 'https://api.github.com'),
          }
        : undefined,
    oidc:
      vars.OIDC_ISSUER && vars.OIDC_CLIENT_ID && vars.OIDC_CLIENT_SECRET
        ? {
            issuer: vars.OIDC_ISSUER,
            clientId: vars.OIDC_CLIENT_ID,
            clientSecret: vars.OIDC_CLIENT_SECRET,
            name: vars.OIDC_NAME ?? 'Single sign-on',
          }
        : undefined,
    allowLocalRepos: vars.ALLOW_LOCAL_REPOS === '1',
    allowPrivateNetwork: vars.ALLOW_PRIVATE_NETWORK === '1',
    gitTimeoutMs: vars.GIT_TIMEOUT_MS ?? DEFAULT_GIT_TIMEOUT_MS,
    gitMaxRepoBytes: vars.GIT_MAX_REPO_BYTES ?? DEFAULT_GIT_MAX_REPO_BYTES,
    jobConcurrency: vars.JOB_CONCURRENCY ?? 2,
    jobsPerUser: vars.JOBS_PER_USER ?? 1,
    jobWorkers: vars.JOB_WORKERS !== '0',
    llm:
      vars.LLM_BASE_URL && vars.LLM_MODEL
        ? {
            baseUrl: trimSlash(vars.LLM_BASE_URL),
            model: vars.LLM_MODEL,
            apiKey: vars.LLM_API_KEY,
            timeoutMs: vars.LLM_TIMEOUT_MS ?? DEFAULT_LLM_TIMEOUT_MS,
            concurrency: vars.LLM_CONCURRENCY ?? DEFAULT_LLM_CONCURRENCY,
          }
        : undefined,
    sitesS3: vars.SITES_S3_BUCKET
      ? {
          bucket: vars.SITES_S3_BUCKET,
          endpoint: vars.SITES_S3_ENDPOINT && trimSlash(vars.SITES_S3_ENDPOINT),
          region: vars.SITES_S3_REGION ?? 'us-east-1',
          prefix: vars.SITES_S3_PREFIX ? `${trimSlash(vars.SITES_S3_PREFIX)}/` : '',
          // S3-compatible servers are mostly addressed by path; AWS by virtual host
          forcePathStyle:
            (vars.SITES_S3_PATH_STYLE ?? (vars.SITES_S3_ENDPOINT ? '1' : '0')) === '1',
        }
      : undefined,
    activityRetentionDays: vars.ACTIVITY_RETENTION_DAYS ?? DEFAULT_ACTIVITY_RETENTION_DAYS,
  };
}

/** The database the configuration opens (DATABASE_URL set: PostgreSQL, else SQLite). */
export function dialectOf(config: Pick<Config, 'databaseUrl'>): Dialect {
  return config.databaseUrl?.trim() ? 'postgres' : 'sqlite';
}
