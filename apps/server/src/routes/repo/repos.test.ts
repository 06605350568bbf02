import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  branchListResponseSchema,
  filesPageSchema,
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  repoConnectResponseSchema,
  repoListResponseSchema,
  repoResponseSchema,
} from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob, listPendingJobsOfUser } from '../../repositories/jobs-repository';
import { repoCheckoutHandler } from '../../services/repos/checkout-job';
import { repoSyncHandler } from '../../services/repos/sync-job';
import { findRepo, insertRepo, listListedCommits } from '../../repositories/repos-repository';
import { bearer } from '../../test/accounts';
import { startGitDaemon } from '../../test/git-daemon';
import type { GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, postConnect } from '../../test/repos';
import type { RepoUser } from '../../test/repos';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('repositories through the API on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let stranger: RepoUser;
  let repoId: string;
  const work = () => join(root, 'two-work');
  const head = (branch: string) => fixtureGit(work(), ['rev-parse', branch]).trim();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-repos-'));
    createFixtureRepo(
      root,
      'two',
      { 'README.md': '# two\n', 'src/main.ts': 'export const x = 1;\n' },
      { dev: { 'dev.txt': 'dev\n' } },
    );
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    owner = await createRepoUser(testApp.app, 'owner@example.com');
    stranger = await createRepoUser(testApp.app, 'stranger@example.com');
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('connects over git:// as a background task, then lists the repo and its files', async () => {
    const { app } = testApp;
    const taskId = randomUUID();
    const response = await postConnect(
      app,
      owner,
      { external_repo_url: daemon.url('two.git') },
      { 'x-task-id': taskId },
    );
    expect(response.statusCode).toBe(202);
    const body = repoConnectResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      task_id: taskId,
      url: daemon.url('two.git'),
      method: 'https',
      queued: true,
    });
    repoId = body.repo_id;
    const task = await waitForTask(app, taskId, owner.id);
    expect(task).toMatchObject({ status: 'succeeded', result: { repo_id: repoId } });
    expect(task.progress.done).toBe(task.progress.total);

    // The same task id again is the same task.
    const again = await postConnect(
      app,
      owner,
      { external_repo_url: daemon.url('two.git') },
      { 'x-task-id': taskId },
    );
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(body);

    const repos = repoListResponseSchema.parse((await getAs(app, owner, '/api/v0/repo')).json());
    expect(repos.repos).toEqual([
      expect.objectContaining({
        repo_id: repoId,
        name: 'two',
        url: daemon.url('two.git'),
        branch: 'main',
        default_branch: 'main',
        commit_id: head('main'),
        status: 'connected',
        file_count: 2,
        error: null,
        host_key_fingerprint: null,
      }),
    ]);
    expect(repos.repos[0]?.last_synced).toBeTruthy();

    const files = filesPageSchema.parse(
      (await getAs(app, owner, `/api/v3/repo/files/${repoId}`)).json(),
    );
    expect(files).toMatchObject({ total: 2, commit_id: head('main'), pagination_token: null });
    expect(files.files.map((file) => [file.file_path, file.extension, file.language])).toEqual([
      ['README.md', 'md', null],
      ['src/main.ts', 'ts', 'typescript'],
    ]);
    expect(files.files[1]).toMatchObject({ file_name: 'main.ts', file_url: null, size: 20 });
    expect(existsSync(join(app.config.dataDir, 'repos', `${repoId}.git`))).toBe(true);
  });

  it('refuses to connect the same URL twice (409)', async () => {
    const response = await postConnect(testApp.app, owner, {
      external_repo_url: daemon.url('two.git'),
    });
    expect(response.statusCode).toBe(409);
  });

  it('lists branches, switches branch and syncs new commits (304 when nothing is new)', async () => {
    const { app } = testApp;
    const branches = branchListResponseSchema.parse(
      (await getAs(app, owner, `/api/v0/repo/${repoId}/branches`)).json(),
    );
    expect(branches.branches).toEqual([
      { name: 'dev', commit_id: head('dev'), is_default: false, is_current: false },
      { name: 'main', commit_id: head('main'), is_default: true, is_current: true },
    ]);

    const switched = await postAs(app, owner, '/api/v0/repo/checkout', {
      repo_id: repoId,
      branch_name: 'dev',
    });
    expect(switched.statusCode).toBe(200);
    expect(repoResponseSchema.parse(switched.json()).repo).toMatchObject({
      branch: 'dev',
      commit_id: head('dev'),
      status: 'connected',
      file_count: 3,
    });
    const devFiles = filesPageSchema.parse(
      (await getAs(app, owner, `/api/v3/repo/files/${repoId}`)).json(),
    );
    expect(devFiles.files.map((file) => file.file_path)).toEqual([
      'README.md',
      'dev.txt',
      'src/main.ts',
    ]);
    const unknown = await postAs(app, owner, '/api/v0/repo/checkout', {
      repo_id: repoId,
      branch_name: 'nope',
    });
    expect(unknown.statusCode).toBe(404);

    const unchanged = await postAs(app, owner, '/api/v0/repo/sync', { repo_id: repoId });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    fixtureGit(work(), ['checkout', '-q', 'dev']);
    writeFileSync(join(work(), 'new.txt'), 'new\n');
    fixtureGit(work(), ['add', 'new.txt']);
    fixtureGit(work(), ['commit', '-q', '-m', 'new file']);
    fixtureGit(work(), ['push', '-q', join(root, 'two.git'), 'dev']);
    const synced = await postAs(
      app,
      owner,
      '/api/v0/repo/sync',
      { repo_id: repoId },
      { 'x-task-id': randomUUID() },
    );
    expect(synced.statusCode).toBe(200);
    expect(repoResponseSchema.parse(synced.json()).repo).toMatchObject({
      branch: 'dev',
      commit_id: head('dev'),
      status: 'connected',
      file_count: 4,
    });
    const newFiles = filesPageSchema.parse(
      (await getAs(app, owner, `/api/v3/repo/files/${repoId}`)).json(),
    );
    expect(newFiles.files.map((file) => file.file_path)).toContain('new.txt');
    // The commit listed before stays readable by id.
    const before = filesPageSchema.parse(
      (await getAs(app, owner, `/api/v3/repo/files/${repoId}?commit_id=${head('main')}`)).json(),
    );
    expect(before.total).toBe(2);
  });

  it('lists a synced commit from the previous listing plus what changed, exactly as git does', async () => {
    const { app } = testApp;
    const commitOnDev = (change: () => void, message: string) => {
      fixtureGit(work(), ['checkout', '-q', 'dev']);
      change();
      fixtureGit(work(), ['add', '-A']);
      fixtureGit(work(), ['commit', '-q', '-m', message]);
      fixtureGit(work(), ['push', '-q', join(root, 'two.git'), 'dev']);
    };
    const sync = async () => {
      const answer = await postAs(app, owner, '/api/v0/repo/sync', { repo_id: repoId });
      expect(answer.statusCode).toBe(200);
    };
    const listed = async (commit: string) =>
      filesPageSchema
        .parse((await getAs(app, owner, `/api/v3/repo/files/${repoId}?commit_id=${commit}`)).json())
        .files.map((file) => `${file.file_path} ${file.size}`);
    const gitListing = (commit: string) =>
      fixtureGit(work(), ['ls-tree', '-r', '-l', '--full-tree', commit])
        .trim()
        .split('\n')
        .map((line) => {
          const [meta = '', path = ''] = line.split('\t');
          return `${path} ${Number(meta.trim().split(/\s+/)[3])}`;
        });

    commitOnDev(() => {
      for (let n = 0; n < 10; n += 1) writeFileSync(join(work(), `bulk-${n}.txt`), `${n}\n`);
    }, 'many files');
    await sync();
    const before = head('dev');
    // Few changes against many files: the new listing is copied from `before` and patched.
    commitOnDev(() => {
      writeFileSync(join(work(), 'README.md'), '# two, longer now\n');
      rmSync(join(work(), 'bulk-3.txt'));
      writeFileSync(join(work(), 'bulk-new.txt'), 'new\n');
    }, 'modify, delete, add');
    await sync();

    expect(await listed(head('dev'))).toEqual(gitListing(head('dev')));
    expect(await listed(before)).toEqual(gitListing(before));
  });

  it('refuses a second sync while one is running (409)', async () => {
    const { app } = testApp;
    // A task queued for the future holds the repository's lock without running.
    const first = postAs(app, owner, '/api/v0/repo/sync', { repo_id: repoId });
    const second = postAs(app, owner, '/api/v0/repo/sync', { repo_id: repoId });
    const statuses = (await Promise.all([first, second])).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([304, 409]);
  });

  it('fails a sync of a vanished remote with 502 and leaves the repo in status error', async () => {
    const { app } = testApp;
    createFixtureRepo(root, 'gone', { 'a.txt': 'a\n' });
    const { repoId: goneId, task } = await connectAndWait(app, owner, {
      external_repo_url: daemon.url('gone.git'),
    });
    expect(task.status).toBe('succeeded');
    rmSync(join(root, 'gone.git'), { recursive: true, force: true });
    const failed = await postAs(app, owner, '/api/v0/repo/sync', { repo_id: goneId });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'bad_gateway' });
    expect(failed.json().message).toMatch(/^git failed: /);
    const repos = repoListResponseSchema.parse((await getAs(app, owner, '/api/v0/repo')).json());
    expect(repos.repos.find((repo) => repo.repo_id === goneId)).toMatchObject({
      status: 'error',
      error: failed.json().message,
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v0/repo/${goneId}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('validates before queueing anything', async () => {
    const { app } = testApp;
    const user = await createRepoUser(app, 'validate@example.com');
    const refused = await postConnect(app, user, { external_repo_url: 'ftp://example.com/r.git' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'body.external_repo_url' });
    expect(refused.json().message).toContain('protocol ftp is not allowed');
    const local = await postConnect(app, user, { external_repo_url: `file://${root}/two.git` });
    expect(local.statusCode).toBe(400);
    expect(local.json().message).toContain('ALLOW_LOCAL_REPOS=1');
    const badTask = await postConnect(
      app,
      user,
      { external_repo_url: daemon.url('two.git') },
      { 'x-task-id': 'not-a-uuid' },
    );
    expect(badTask.statusCode).toBe(400);
    expect(badTask.json()).toMatchObject({ field: 'headers.x-task-id' });
    const noPlan = await app.inject({
      method: 'POST',
      url: '/api/v2/repo/connect',
      headers: { ...bearer(user.token), 'x-task-id': randomUUID() },
      payload: { external_repo_url: daemon.url('two.git'), method: 'https' },
    });
    expect(noPlan.statusCode).toBe(403);
    expect(noPlan.json().message).toBe(NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND);
    const forged = await postConnect(
      app,
      user,
      { external_repo_url: daemon.url('two.git') },
      { 'x-plan': `${user.plan}x` },
    );
    expect(forged.statusCode).toBe(403);
    const sshWithoutSshUrl = await postConnect(app, user, {
      external_repo_url: daemon.url('two.git'),
      method: 'ssh',
    });
    expect(sshWithoutSshUrl.statusCode).toBe(400);
    expect(sshWithoutSshUrl.json()).toMatchObject({ field: 'body.method' });
    const sshUrlOverHttps = await postConnect(app, user, {
      external_repo_url: 'git@127.0.0.1:o/r.git',
    });
    expect(sshUrlOverHttps.statusCode).toBe(400);
    const sshWithoutKey = await postConnect(app, user, {
      external_repo_url: 'git@127.0.0.1:o/r.git',
      method: 'ssh',
    });
    expect(sshWithoutKey.statusCode).toBe(400);
    expect(sshWithoutKey.json()).toMatchObject({ field: 'body.ssh_key_name' });
    expect(await listPendingJobsOfUser(app.db, user.id, ['repo.connect'])).toEqual([]);
  });

  it('enforces the plan quota of repositories (403)', async () => {
    const { app } = testApp;
    const user = await createRepoUser(app, 'quota@example.com');
    for (const n of [1, 2, 3]) {
      await insertRepo(app.db, {
        id: randomUUID(),
        user_id: user.id,
        url: `https://example.com/${n}.git`,
        name: `${n}`,
        method: 'https',
        ssh_key_name: null,
        default_branch: 'main',
        branch: 'main',
        head_commit: null,
        status: 'connected',
        error: null,
        last_synced_at: null,
      });
    }
    const response = await postConnect(app, user, { external_repo_url: daemon.url('two.git') });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('Your plan allows 3 repositories');
  });

  it('fails the task of an unreachable repository with a clear one-line error', async () => {
    const { app } = testApp;
    const user = await createRepoUser(app, 'missing@example.com');
    const { repoId: missingId, task } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('missing.git'),
    });
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^git failed: /);
    expect(task.error).not.toContain('\n');
    // A missing repository is permanent: one attempt only.
    expect(await findJob(app.db, task.task_id)).toMatchObject({ attempts: 1, status: 'failed' });
    expect((await getAs(app, user, '/api/v0/repo')).json()).toEqual({ repos: [] });
    expect(existsSync(join(app.config.dataDir, 'repos', `${missingId}.git`))).toBe(false);
  });

  it("answers 404 for another user's repository, files and tasks", async () => {
    const { app } = testApp;
    const repos = repoListResponseSchema.parse((await getAs(app, owner, '/api/v0/repo')).json());
    const commit = repos.repos[0]?.commit_id ?? '';
    const files = filesPageSchema.parse(
      (await getAs(app, owner, `/api/v3/repo/files/${repoId}`)).json(),
    );
    const fileId = files.files[0]?.file_id ?? '';
    const pending = await listPendingJobsOfUser(app.db, owner.id, ['repo.connect']);
    expect(pending).toEqual([]);
    const statuses = await Promise.all([
      app.inject({
        method: 'DELETE',
        url: `/api/v0/repo/${repoId}`,
        headers: bearer(stranger.token),
      }),
      postAs(app, stranger, '/api/v0/repo/sync', { repo_id: repoId }),
      postAs(app, stranger, '/api/v0/repo/checkout', { repo_id: repoId, branch_name: 'main' }),
      getAs(app, stranger, `/api/v0/repo/${repoId}/branches`),
      getAs(app, stranger, `/api/v3/repo/files/${repoId}`),
      getAs(app, stranger, `/api/v3/repo/files/${repoId}?commit_id=${commit}`),
      getAs(app, stranger, `/api/v0/file/content/${repoId}?file_id=${fileId}`),
    ]);
    expect(statuses.map((response) => response.statusCode)).toEqual([
      404, 404, 404, 404, 404, 404, 404,
    ]);
    const ownTask = await postConnect(app, owner, { external_repo_url: daemon.url('x.git') });
    const foreignTask = await getAs(app, stranger, `/api/v1/tasks/${ownTask.json().task_id}`);
    expect(foreignTask.statusCode).toBe(404);
    await waitForTask(app, ownTask.json().task_id, owner.id);
  });

  it('finishes a sync or branch switch of a deleted repository quietly, reviving nothing', async () => {
    const { app } = testApp;
    createFixtureRepo(root, 'third', { 'a.txt': 'a\n' });
    const { repoId: thirdId } = await connectAndWait(app, owner, {
      external_repo_url: daemon.url('third.git'),
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v0/repo/${thirdId}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    const deps = {
      db: app.db,
      config: app.config,
      log: app.log,
      queue: app.jobs.queue,
      activity: app.activity,
    };
    const context = {
      jobId: 'direct',
      userId: owner.id,
      signal: new AbortController().signal,
      reportProgress: async () => undefined,
    };
    expect(await repoSyncHandler(deps)({ ...context, payload: { repo_id: thirdId } })).toEqual({
      changed: false,
      deleted: true,
    });
    expect(
      await repoCheckoutHandler(deps)({
        ...context,
        payload: { repo_id: thirdId, branch: 'main' },
      }),
    ).toEqual({ changed: false, deleted: true });
    expect(await findRepo(app.db, thirdId)).toBeUndefined();
    expect(await listListedCommits(app.db, thirdId)).toEqual([]);
    expect(existsSync(join(app.config.dataDir, 'repos', `${thirdId}.git`))).toBe(false);
  });

  it('deletes a repository: rows and clone directory', async () => {
    const { app } = testApp;
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/v0/repo/${repoId}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ repo_id: repoId });
    expect((await getAs(app, owner, '/api/v0/repo')).json()).toEqual({ repos: [] });
    expect((await getAs(app, owner, `/api/v3/repo/files/${repoId}`)).statusCode).toBe(404);
    expect(
      readdirSync(join(app.config.dataDir, 'repos')).filter(
        (name) => name.startsWith(`.${repoId}`) || name.startsWith(repoId),
      ),
    ).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v0/repo/${repoId}`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(404);
  });
});
