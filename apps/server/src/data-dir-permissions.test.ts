import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { App } from './app';
import { loadConfig } from './config';
import { APP_SECRET_FILE } from './secrets/app-secret';
import { createFixtureRepo } from './test/git-fixtures';
import { FAST_JOB_TIMINGS } from './test/jobs';
import { connectAndWait, createRepoUser } from './test/repos';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("DATA_DIR is readable by the server's user only", () => {
  let scratch: string;
  let app: App | undefined;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'codedocs-private-'));
    // What most systems run with: new files 0644, folders 0755 unless told otherwise.
    process.umask(0o022);
  });

  afterAll(async () => {
    await app?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('after a start and a connect: folder, secret, database (with -wal/-shm) and clone', async () => {
    const dataDir = join(scratch, 'fresh', 'data');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ALLOW_LOCAL_REPOS: '1' });
    app = await buildApp({ ...config, jobTimings: FAST_JOB_TIMINGS });
    const repo = createFixtureRepo(scratch, 'private', { 'a.ts': 'export const a = 1;\n' });
    const user = await createRepoUser(app, 'private@example.com');
    const { repoId, task } = await connectAndWait(app, user, {
      external_repo_url: `file://${repo}`,
    });
    expect(task.status).toBe('succeeded');

    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, APP_SECRET_FILE))).toBe(0o600);
    for (const file of ['codedocs.sqlite', 'codedocs.sqlite-wal', 'codedocs.sqlite-shm']) {
      expect(modeOf(join(dataDir, file)), file).toBe(0o600);
    }
    expect(modeOf(join(dataDir, 'repos'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'repos', `${repoId}.git`))).toBe(0o700);
  });

  it('tightens a secret and a database file an earlier version left readable', async () => {
    const dataDir = join(scratch, 'old');
    mkdirSync(dataDir);
    for (const file of [APP_SECRET_FILE, 'codedocs.sqlite-wal']) {
      writeFileSync(join(dataDir, file), file === APP_SECRET_FILE ? 's'.repeat(43) : '');
      chmodSync(join(dataDir, file), 0o644);
    }
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const old = await buildApp(config);
    await old.close();
    expect(modeOf(join(dataDir, APP_SECRET_FILE))).toBe(0o600);
    expect(modeOf(join(dataDir, 'codedocs.sqlite'))).toBe(0o600);
  });
});
