import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { livedocsFilesResponseSchema, livedocsGenerateResponseSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livedocsGenerateJob } from '../../jobs/definitions/index';
import { claimNextJob, completeJob } from '../../repositories/jobs-repository';
import { nowIso } from '../../services/context';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import {
  connectAndWait,
  createImportedRepo,
  createRepoUser,
  getAs,
  postAs,
  postConnect,
} from '../../test/repos';
import type { RepoUser } from '../../test/repos';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

const FILES = {
  'src/a.ts': 'export function a(x: number): number {\n  return x + 1;\n}\n',
  'src/b.ts': 'export function b(y: string): string {\n  return y;\n}\n',
};

/**
 * Issue 24.4: a generation is one task however often it is asked for. The same `x-task-id` is
 * the same task; while a generation of the repository is queued or running, another request for
 * files it documents answers that task instead of queueing a second job.
 */
describe.each(dialects)('generation tasks on %s', (dialect) => {
  let root: string;
  let testApp: TestApp;
  let user: RepoUser;
  let other: RepoUser;

  const app = () => testApp.app;
  const generate = (repoId: string, fileIds: string[] | null, taskId?: string, as = user) =>
    postAs(
      app(),
      as,
      fileIds === null ? '/api/v2/livedocs/generate/all' : '/api/v2/livedocs/generate',
      fileIds === null ? { repo_id: repoId } : { repo_id: repoId, file_ids: fileIds },
      { 'x-plan': as.plan, ...(taskId && { 'x-task-id': taskId }) },
    );
  const accepted = async (response: Awaited<ReturnType<typeof generate>>) => {
    expect(response.statusCode, response.body).toBe(202);
    return livedocsGenerateResponseSchema.parse(response.json());
  };
  const generationJobs = (repoId: string) =>
    app()
      .db.selectFrom('jobs')
      .select(['id', 'status'])
      .where('kind', '=', livedocsGenerateJob.kind)
      .where('payload', 'like', `%${repoId}%`)
      .execute();

  /** A repository connected and indexed, with its file ids by path. */
  const connectIndexed = async (name: string) => {
    const bare = createImportedRepo(root, name, FILES);
    const head = execFileSync('git', ['rev-parse', 'main'], { cwd: bare }).toString().trim();
    const { repoId, task } = await connectAndWait(app(), user, {
      external_repo_url: `file://${bare}`,
    });
    expect(task.status, task.error ?? '').toBe('succeeded');
    await waitForTask(app(), `index:${repoId}:${head}`, user.id, ['succeeded']);
    const files = livedocsFilesResponseSchema.parse(
      (await getAs(app(), user, `/api/v0/livedocs/files/${repoId}`)).json(),
    ).files;
    return { repoId, fileIds: files.map((f) => f.file_id) };
  };

  let repo1: { repoId: string; fileIds: string[] };
  let repo2: { repoId: string; fileIds: string[] };
  let repo3: { repoId: string; fileIds: string[] };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-generate-tasks-'));
    testApp = await createTestApp(dialect, { allowLocalRepos: true, jobTimings: FAST_JOB_TIMINGS });
    user = await createRepoUser(app(), 'gen@example.com');
    other = await createRepoUser(app(), 'other@example.com');
    repo1 = await connectIndexed('one');
    repo2 = await connectIndexed('two');
    repo3 = await connectIndexed('three');
    // from here on nothing runs: a generation stays queued until the test moves it on
    await app().jobs.workers?.stop();
  });

  afterAll(async () => {
    await testApp?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('answers the same task for a repeated x-task-id and for a second request meanwhile', async () => {
    const { repoId, fileIds } = repo1;
    const taskId = randomUUID();
    const first = await accepted(await generate(repoId, null, taskId));
    expect(first).toMatchObject({ task_id: taskId, repo_id: repoId });
    expect(first.object_count).toBeGreaterThan(0);
    // the same request again, and the same task id on the other generate call
    expect(await accepted(await generate(repoId, null, taskId))).toEqual(first);
    expect(await accepted(await generate(repoId, [fileIds[0]!], taskId))).toEqual(first);

    // while it is queued: another task id, no task id, or some of its files join it
    expect(await accepted(await generate(repoId, null, randomUUID()))).toEqual(first);
    expect(await accepted(await generate(repoId, null))).toEqual(first);
    const some = await accepted(await generate(repoId, [fileIds[1]!], randomUUID()));
    expect(some).toEqual(first);

    // while it runs (claimed by a worker) as well
    const claimed = await claimNextJob(app().db, {
      workerId: 'test-worker',
      kinds: [livedocsGenerateJob.kind],
      now: nowIso(),
      perUser: 1,
      awaitedKinds: [],
      postgres: dialect === 'postgres',
    });
    expect(claimed).toMatchObject({ id: taskId, status: 'running' });
    expect(await accepted(await generate(repoId, null, randomUUID()))).toEqual(first);
    expect(await generationJobs(repoId)).toEqual([{ id: taskId, status: 'running' }]);

    // once it has finished, its id is still the same task, and a new request is a new task
    await completeJob(app().db, taskId, 'test-worker', '{}', nowIso());
    expect(await accepted(await generate(repoId, null, taskId))).toEqual(first);
    const nextId = randomUUID();
    expect((await accepted(await generate(repoId, null, nextId))).task_id).toBe(nextId);
    expect(await generationJobs(repoId)).toHaveLength(2);
  });

  it('queues one job when requests race, whatever their task ids', async () => {
    const { repoId } = repo2;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => generate(repoId, null, randomUUID()).then(accepted)),
    );
    const ids = new Set(answers.map((answer) => answer.task_id));
    expect(ids.size).toBe(1);
    expect(await generationJobs(repoId)).toEqual([{ id: [...ids][0], status: 'queued' }]);
  });

  it('refuses other files while a generation of some files is pending, and foreign task ids', async () => {
    const { repoId, fileIds } = repo3;
    const taskId = randomUUID();
    await accepted(await generate(repoId, [fileIds[0]!], taskId));
    // a generation that would leave files out of what it reports is not joined
    const all = await generate(repoId, null, randomUUID());
    expect(all.statusCode, all.body).toBe(409);
    expect(all.json().message).toMatch(/being generated for other files/);
    const otherFile = await generate(repoId, [fileIds[1]!], randomUUID());
    expect(otherFile.statusCode).toBe(409);
    expect(await generationJobs(repoId)).toHaveLength(1);
    // nor is one of an earlier commit (the repository moved since it was queued)
    const job = await app()
      .db.selectFrom('jobs')
      .select('payload')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    const earlier = { ...JSON.parse(job.payload), commit_id: 'e'.repeat(40) };
    await app()
      .db.updateTable('jobs')
      .set({ payload: JSON.stringify(earlier) })
      .where('id', '=', taskId)
      .execute();
    const moved = await generate(repoId, [fileIds[0]!], randomUUID());
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toMatch(/at an earlier commit/);

    // another user's task id, or a connect's, is not this task
    const otherRepo = await postAs(
      app(),
      other,
      '/api/v2/livedocs/generate/all',
      { repo_id: repoId },
      {
        'x-plan': other.plan,
        'x-task-id': taskId,
      },
    );
    expect(otherRepo.statusCode).toBe(409);
    const connect = await postConnect(
      app(),
      user,
      { external_repo_url: `file://${join(root, 'none.git')}` },
      { 'x-task-id': taskId },
    );
    expect(connect.statusCode).toBe(409);
    const notUuid = await generate(repoId, null, 'index:not-a-uuid');
    expect(notUuid.statusCode).toBe(400);
  });
});
