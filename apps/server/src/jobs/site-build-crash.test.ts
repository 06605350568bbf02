import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compilationResponseSchema,
  folderMetadataResponseSchema,
  generateFolderResponseSchema,
  livedocsMetadataResponseSchema,
} from '@codedocs/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { findJob } from '../repositories/jobs-repository';
import { removeOrphanBuilds } from '../services/sites/orphan-builds';
import { localSiteStore } from '../sites/site-store';
import { startGitDaemon, type GitDaemon } from '../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs } from '../test/repos';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';

const dialects = await testDialects();
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

const SOURCE = Array.from(
  { length: 8 },
  (_, i) =>
    `/** Step ${i}. */\nexport function step${i}(n: number): number {\n  return n + ${i};\n}\n`,
);

/** Issue 16: a worker killed with SIGKILL in the middle of writing a site, then a restart. */
describe.each(dialects)('a site build killed mid-write on %s', (dialect) => {
  let testApp: TestApp | undefined;
  let daemon: GitDaemon | undefined;
  let root: string | undefined;
  const children: ChildProcess[] = [];

  afterEach(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    }
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const worker = (app: TestApp['app'], ...args: string[]) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test/site-crash-worker.ts', ...args],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: app.config.databaseUrl ?? '',
          DATA_DIR: app.config.dataDir,
          APP_SECRET: app.config.appSecret,
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      },
    );
    children.push(child);
    return child;
  };

  it('publishes nothing half written, and a restarted worker finishes the site', async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-site-crash-'));
    createFixtureRepo(
      root,
      'steps',
      Object.fromEntries(SOURCE.map((text, i) => [`src/step${i}.ts`, text])),
    );
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      logLevel: 'error',
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    const { app } = testApp;
    const owner = await createRepoUser(app, 'crash-site@example.com');
    const { repoId, task } = await connectAndWait(app, owner, {
      external_repo_url: daemon.url('steps.git'),
    });
    expect(task.status, task.error ?? '').toBe('succeeded');
    const head = fixtureGit(join(root, 'steps-work'), ['rev-parse', 'main']).trim();
    await waitForTask(app, `index:${repoId}:${head}`, owner.id, ['succeeded']);
    const objects = livedocsMetadataResponseSchema
      .parse((await getAs(app, owner, `/api/v0/livedocs/metadata/${repoId}`)).json())
      .metadata.files.flatMap((f) => f.objects.map((o) => o.object_id));
    const created = await postAs(app, owner, '/api/v0/compilation', { name: 'Steps' });
    const compilationId = compilationResponseSchema.parse(created.json()).compilation
      .compilation_id;
    await postAs(app, owner, '/api/v0/compilation/object', {
      compilation_id: compilationId,
      object_ids: objects,
    });
    // from here on only the child processes run jobs
    await app.jobs.workers?.stop();

    const response = await postAs(app, owner, '/api/v1/staticdocs/generate/compilation', {
      compilation_id: compilationId,
      folder_name: 'Steps',
    });
    expect(response.statusCode, response.body).toBe(202);
    const { folder_id: folderId, task_id: taskId } = generateFolderResponseSchema.parse(
      response.json(),
    );
    const sitesDir = join(app.config.dataDir, 'sites', folderId);
    const builds = () => (existsSync(sitesDir) ? readdirSync(sitesDir) : []);
    const metadata = async () =>
      folderMetadataResponseSchema.parse(
        (
          await getAs(app, owner, `/api/v1/staticdocs/folder/${folderId}/metadata?limit=200`)
        ).json(),
      );

    const hung = worker(app, 'hang');
    const deadline = Date.now() + 30_000;
    while (!builds().some((build) => readdirSync(join(sitesDir, build)).length >= 1)) {
      if (Date.now() > deadline) throw new Error('the build never started writing');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    hung.kill('SIGKILL');
    await once(hung, 'exit');
    expect(await findJob(app.db, taskId)).toMatchObject({ status: 'running', attempts: 1 });
    const [half] = builds();
    expect(builds()).toHaveLength(1);
    const during = await metadata();
    expect(during.folder.status).toBe('building');
    expect(during.files).toEqual([]);

    worker(app);
    const finished = await waitForTask(app, taskId, owner.id, ['succeeded', 'failed'], 60_000);
    expect(finished.status, finished.error ?? '').toBe('succeeded');
    const after = await metadata();
    expect(after.folder.status).toBe('ready');
    expect(after.files.map((file) => file.path)).toContain('index.html');
    expect(after.files.map((file) => file.path).some((path) => path.includes('step7'))).toBe(true);
    // the killed attempt's directory is never served, and the hourly clean-up removes it
    expect(builds()).toContain(half);
    expect(builds()).toHaveLength(2);
    expect(await removeOrphanBuilds(app.db, localSiteStore(app.config.dataDir))).toBe(1);
    expect(builds()).toHaveLength(1);
    expect(builds()).not.toContain(half);
  });
});
