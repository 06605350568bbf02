import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_WEB_DIST_DIR, loadConfig } from './config';
import { APP_SECRET_FILE } from './secrets/app-secret';

describe('loadConfig', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'codedocs-config-'));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  function problemsOf(env: NodeJS.ProcessEnv): string[] {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error('expected loadConfig to throw');
  }

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      publicUrlConfigured: false,
      sitesOrigin: undefined,
      logLevel: 'info',
      bodyLimit: 1_048_576,
      rateLimitMax: 600,
      webDistDir: DEFAULT_WEB_DIST_DIR,
      production: false,
      smtpUrl: undefined,
      mailFrom: 'CodeDocs <no-reply@localhost>',
      mailOutboxPublic: false,
      billing: 'test',
      github: undefined,
      oidc: undefined,
      allowLocalRepos: false,
      allowPrivateNetwork: false,
      gitTimeoutMs: 600_000,
      gitMaxRepoBytes: 2 * 1024 ** 3,
    });
  });

  it('finds the SPA build at apps/web/dist of this repository', () => {
    expect(DEFAULT_WEB_DIST_DIR).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgresql://u:p@db:5432/codedocs',
      APP_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://docs.example.com/',
      SITES_ORIGIN: 'https://sites.example.com',
      LOG_LEVEL: 'debug',
      BODY_LIMIT: '2048',
      RATE_LIMIT_MAX: '5',
      TRUST_PROXY: '10.0.0.0/8, ::1',
      WEB_DIST_DIR: 'some/dist',
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Docs <docs@example.com>',
      MAIL_OUTBOX_PUBLIC: '1',
      BILLING: 'off',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_BASE_URL: 'https://ghe.example.com/',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3',
      OIDC_ISSUER: 'https://sso.example.com',
      OIDC_CLIENT_ID: 'oidc-id',
      OIDC_CLIENT_SECRET: 'oidc-secret',
      OIDC_NAME: 'Example SSO',
      ALLOW_LOCAL_REPOS: '1',
      ALLOW_PRIVATE_NETWORK: '1',
      GIT_TIMEOUT_MS: '5000',
      GIT_MAX_REPO_BYTES: '1048576',
      JOB_CONCURRENCY: '4',
      JOBS_PER_USER: '3',
      JOB_WORKERS: '0',
      ACTIVITY_RETENTION_DAYS: '30',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: 'postgresql://u:p@db:5432/codedocs',
      appSecret: 'x'.repeat(32),
      publicUrl: 'https://docs.example.com',
      publicUrlConfigured: true,
      sitesOrigin: 'https://sites.example.com',
      logLevel: 'debug',
      bodyLimit: 2048,
      rateLimitMax: 5,
      trustProxy: ['10.0.0.0/8', '::1'],
      webDistDir: resolve('some/dist'),
      production: true,
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Docs <docs@example.com>',
      mailOutboxPublic: true,
      billing: 'off',
      github: {
        clientId: 'gh-id',
        clientSecret: 'gh-secret',
        baseUrl: 'https://ghe.example.com',
        apiUrl: 'https://ghe.example.com/api/v3',
      },
      oidc: {
        issuer: 'https://sso.example.com',
        clientId: 'oidc-id',
        clientSecret: 'oidc-secret',
        name: 'Example SSO',
      },
      allowLocalRepos: true,
      allowPrivateNetwork: true,
      gitTimeoutMs: 5000,
      gitMaxRepoBytes: 1048576,
      jobConcurrency: 4,
      jobsPerUser: 3,
      jobWorkers: false,
      activityRetentionDays: 30,
    });
  });

  it('keeps activity a year unless told otherwise, and for ever with 0', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).activityRetentionDays).toBe(365);
    expect(loadConfig({ DATA_DIR: dataDir, ACTIVITY_RETENTION_DAYS: '0' })).toMatchObject({
      activityRetentionDays: 0,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, ACTIVITY_RETENTION_DAYS: 'a year' })).toThrow(
      /ACTIVITY_RETENTION_DAYS must be a number of days/,
    );
  });

  it('runs two job workers in the API process unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      jobConcurrency: 2,
      jobsPerUser: 1,
      jobWorkers: true,
    });
    expect(
      problemsOf({
        DATA_DIR: dataDir,
        JOB_CONCURRENCY: '0',
        JOBS_PER_USER: '0',
        JOB_WORKERS: 'no',
      }),
    ).toEqual([
      'JOB_CONCURRENCY must be an integer between 1 and 64 (jobs one process runs at once) (got "0")',
      'JOBS_PER_USER must be an integer between 1 and 64 (jobs of one user running at once) (got "0")',
      'JOB_WORKERS must be 0 (no job workers in the API process) or 1 (got "no")',
    ]);
  });

  it('defaults GitHub to github.com and names the OIDC button "Single sign-on"', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      GITHUB_CLIENT_ID: 'a',
      GITHUB_CLIENT_SECRET: 'b',
      OIDC_ISSUER: 'http://127.0.0.1:9999',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 'd',
    });
    expect(config.github?.baseUrl).toBe('https://github.com');
    expect(config.github?.apiUrl).toBe('https://api.github.com');
    expect(config.oidc?.name).toBe('Single sign-on');
  });

  it('rejects a half-configured provider, a non-SMTP mail URL and an unknown billing mode', () => {
    expect(problemsOf({ GITHUB_CLIENT_ID: 'a' })).toEqual([
      'GITHUB_CLIENT_SECRET must be set together with GITHUB_CLIENT_ID',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'https://sso.example.com' })[0]).toMatch(
      /^OIDC_CLIENT_ID, OIDC_CLIENT_SECRET must be set together/,
    );
    const problems = problemsOf({ SMTP_URL: 'http://user:secret@mail', BILLING: 'free' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('secret@');
  });

  it('configures Stripe only with BILLING=stripe, its keys and a price for every paid plan', () => {
    const stripe = {
      DATA_DIR: dataDir,
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICES: 'pro=price_1P, team = price_1T',
    };
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      prices: { pro: 'price_1P', team: 'price_1T' },
      apiUrl: undefined,
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.apiUrl).toBe(
      'http://127.0.0.1:12111',
    );
    expect(loadConfig({ DATA_DIR: dataDir }).stripe).toBeUndefined();
    expect(problemsOf({ BILLING: 'stripe' })).toEqual([
      'BILLING=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICES',
    ]);
    expect(problemsOf({ ...stripe, STRIPE_PRICES: 'pro=price_1P,gold=price_1G' })).toEqual([
      'STRIPE_PRICES names plans that are not sold: gold',
      'STRIPE_PRICES needs a price for team',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_SECRET_KEY only applies with BILLING=stripe',
    ]);
    const bad = problemsOf({
      ...stripe,
      STRIPE_SECRET_KEY: 'pk_live_public',
      STRIPE_PRICES: 'pro',
    });
    expect(bad).toHaveLength(2);
    expect(bad.join('\n')).not.toContain('pk_live_public');
  });

  it('configures the optional model provider only with both LLM_BASE_URL and LLM_MODEL', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect('llm' in config).toBe(true);
    expect(config.llm).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODEL: 'qwen2.5-coder',
      }).llm,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5-coder',
      apiKey: undefined,
      timeoutMs: 30_000,
      concurrency: 2,
    });
    expect(problemsOf({ LLM_MODEL: 'x' })).toEqual([
      'LLM_BASE_URL must be set together with LLM_MODEL',
    ]);
    const problems = problemsOf({
      LLM_BASE_URL: 'ftp://models',
      LLM_MODEL: 'x',
      LLM_API_KEY: 'k'.repeat(5000),
      LLM_TIMEOUT_MS: '5',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).not.toContain('kkkk');
  });

  it('reads the model provider key, timeout and concurrency, within their bounds', () => {
    const llm = {
      DATA_DIR: dataDir,
      LLM_BASE_URL: 'https://models.example.com/v1',
      LLM_MODEL: 'm',
    };
    expect(
      loadConfig({ ...llm, LLM_API_KEY: 'sk-1', LLM_TIMEOUT_MS: '600000', LLM_CONCURRENCY: '32' })
        .llm,
    ).toEqual({
      baseUrl: 'https://models.example.com/v1',
      model: 'm',
      apiKey: 'sk-1',
      timeoutMs: 600_000,
      concurrency: 32,
    });
    expect(loadConfig({ ...llm, LLM_TIMEOUT_MS: '1000', LLM_CONCURRENCY: '1' }).llm).toMatchObject({
      timeoutMs: 1000,
      concurrency: 1,
    });
    expect(problemsOf({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toEqual([
      'LLM_MODEL must be set together with LLM_BASE_URL',
    ]);
    expect(problemsOf({ ...llm, LLM_TIMEOUT_MS: '999', LLM_CONCURRENCY: '0' })).toEqual([
      'LLM_TIMEOUT_MS must be a number of milliseconds between 1000 and 600000 (got "999")',
      'LLM_CONCURRENCY must be an integer between 1 and 32 (model requests in flight at once) (got "0")',
    ]);
    expect(problemsOf({ ...llm, LLM_TIMEOUT_MS: '600001', LLM_CONCURRENCY: '33' })).toHaveLength(2);
    // the pairing is checked on blank-as-unset values too
    expect(problemsOf({ LLM_BASE_URL: ' ', LLM_MODEL: 'm' })).toEqual([
      'LLM_BASE_URL must be set together with LLM_MODEL',
    ]);
  });

  it('derives PUBLIC_URL from PORT and treats blank variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '4000', DATABASE_URL: '', HOST: ' ' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.host).toBe('127.0.0.1');
  });

  it('resolves a relative DATA_DIR and creates it', () => {
    const config = loadConfig({
      DATA_DIR: relative(process.cwd(), join(dataDir, 'nested', 'data')),
    });
    expect(config.dataDir).toBe(join(dataDir, 'nested', 'data'));
    expect(statSync(config.dataDir).isDirectory()).toBe(true);
  });

  it('lists every invalid variable in one error with what it got', () => {
    const problems = problemsOf({
      PORT: 'abc',
      PUBLIC_URL: 'ftp://example.com',
      SITES_ORIGIN: 'https://sites.example.com/path',
      LOG_LEVEL: 'loud',
      BODY_LIMIT: '-1',
      RATE_LIMIT_MAX: '0',
    });
    expect(problems).toEqual([
      'PORT must be an integer between 0 and 65535 (got "abc")',
      'PUBLIC_URL must be an http:// or https:// URL (got "ftp://example.com")',
      'SITES_ORIGIN must be an http:// or https:// origin without a path, e.g. https://docs.example.com (got "https://sites.example.com/path")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      `BODY_LIMIT must be a number of bytes between 1 and 1073741824 (got "-1")`,
      'RATE_LIMIT_MAX must be a positive integer (requests per minute per client address) (got "0")',
    ]);
  });

  it('reads TRUST_PROXY as off, any proxy, a hop count or proxy addresses', () => {
    const trustProxy = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(true);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('127.0.0.1,192.168.0.0/16')).toEqual(['127.0.0.1', '192.168.0.0/16']);
    for (const bad of ['yes', '11', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([
        `TRUST_PROXY must be 0, 1, a number of proxy hops (2-10) or a comma-separated list of proxy addresses or CIDR ranges (got "${bad}")`,
      ]);
    }
  });

  it('keeps sites on the disk unless SITES_S3_BUCKET names object storage', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).sitesS3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, SITES_S3_BUCKET: 'docs-sites' }).sitesS3).toEqual({
      bucket: 'docs-sites',
      endpoint: undefined,
      region: 'us-east-1',
      prefix: '',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SITES_S3_BUCKET: 'docs-sites',
        SITES_S3_ENDPOINT: 'http://minio:9000/',
        SITES_S3_REGION: 'eu-west-1',
        SITES_S3_PREFIX: 'codedocs/prod/',
      }).sitesS3,
    ).toEqual({
      bucket: 'docs-sites',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      prefix: 'codedocs/prod/',
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SITES_S3_BUCKET: 'docs-sites',
        SITES_S3_ENDPOINT: 'https://s3.example.com',
        SITES_S3_PATH_STYLE: '0',
      }).sitesS3?.forcePathStyle,
    ).toBe(false);
    expect(problemsOf({ SITES_S3_BUCKET: 'Bad_Bucket' })[0]).toMatch(/^SITES_S3_BUCKET must be/);
    expect(problemsOf({ SITES_S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'SITES_S3_ENDPOINT is only used with SITES_S3_BUCKET, which is not set',
    ]);
  });

  it('rejects out-of-range ports', () => {
    expect(problemsOf({ PORT: '65536' })).toEqual([
      'PORT must be an integer between 0 and 65535 (got "65536")',
    ]);
  });

  it('rejects a non-PostgreSQL DATABASE_URL and a short APP_SECRET without echoing them', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://root:hunter2@db/app',
      APP_SECRET: 'short-secret',
    });
    expect(problems).toEqual([
      'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset to use SQLite in DATA_DIR) (27 characters, not shown)',
      'APP_SECRET must be at least 32 characters long (leave it unset to generate one in DATA_DIR) (12 characters, not shown)',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problems.join('\n')).not.toContain('short-secret');
  });

  it('starts the error message with a headline and one line per problem', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'x', LOG_LEVEL: 'y' })).toThrow(
      /^Invalid configuration:\n {2}- PORT .*\n {2}- LOG_LEVEL /,
    );
  });

  describe('APP_SECRET', () => {
    it('is generated once into DATA_DIR/app-secret with mode 0600 and reused', () => {
      const first = loadConfig({ DATA_DIR: dataDir }).appSecret;
      const file = join(dataDir, APP_SECRET_FILE);
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first);
    });

    it('prefers the environment and then writes no file', () => {
      const secret = 's'.repeat(40);
      expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret }).appSecret).toBe(secret);
      expect(() => statSync(join(dataDir, APP_SECRET_FILE))).toThrow();
    });

    it('refuses a secret file that was truncated', () => {
      writeFileSync(join(dataDir, APP_SECRET_FILE), 'too-short\n');
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/shorter than 32 characters/);
    });
  });
});
