import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { livedocsMetadataResponseSchema } from '@codedocs/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createFixtureRepo, fixtureGit, freePort } from '../../test/git-fixtures';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs } from '../../test/repos';
import { createTestApp, testConfig, testDialects, type TestApp } from '../../test/test-app';

const dialects = await testDialects();
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

async function serverUp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(dialects)('a saved edit survives the server being killed on %s', (dialect) => {
  let root: string | undefined;
  let daemon: GitDaemon | undefined;
  let testApp: TestApp | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('is in the database after a SIGKILL that follows the 200 at once', async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-durable-'));
    createFixtureRepo(root, 'one', {
      'a.ts': 'export function one(x: number) {\n  return x;\n}\n',
    });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    const { app, database } = testApp;
    const user = await createRepoUser(app, 'durable@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('one.git'),
    });
    const head = fixtureGit(join(root, 'one-work'), ['rev-parse', 'main']).trim();
    await waitForTask(app, `index:${repoId}:${head}`, user.id, ['succeeded']);
    const meta = livedocsMetadataResponseSchema.parse(
      (await getAs(app, user, `/api/v0/livedocs/metadata/${repoId}`)).json(),
    );
    const objectId = meta.metadata.files[0]!.objects[0]!.object_id;

    // A second server process on the same database, as a real deployment runs it.
    const config = testConfig(database);
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: config.dataDir,
        ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }),
        APP_SECRET: config.appSecret,
        LOG_LEVEL: 'silent',
        JOB_WORKERS: '0',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await serverUp(`${base}/api/health`);
    const saved = await fetch(`${base}/api/v0/livedocs/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        repo_id: repoId,
        object_id: objectId,
        field_id: 'summary',
        doc: 'Written just before the crash.',
        version: 0,
      }),
    });
    child.kill('SIGKILL');
    expect(saved.status).toBe(200);
    await once(child, 'exit');
    const row = await app.db
      .selectFrom('docs')
      .select(['value', 'source', 'version', 'updated_by'])
      .where('object_id', '=', objectId)
      .where('field_id', '=', 'summary')
      .executeTakeFirst();
    expect(row).toEqual({
      value: 'Written just before the crash.',
      source: 'edited',
      version: 1,
      updated_by: user.id,
    });
  });
});
