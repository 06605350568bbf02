import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  livedocsFilesResponseSchema,
  livedocsGenerateResponseSchema,
  livedocsMetadataResponseSchema,
  livedocsObjectResponseSchema,
  livedocsSaveResponseSchema,
  livedocsEstimateResponseSchema,
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  repoListResponseSchema,
  type LivedocsObject,
} from '@codedocs/contract';
import { documentedParameters, fillerIn, indexFile, templateFieldIds } from '@codedocs/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, type RepoUser } from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const dialects = await testDialects();

const MATH_TS = `/**
 * Adds two numbers.
 * @param a the first
 */
export function add(a: number, b: number): number {
  return a + b;
}

export function scale(values: number[], factor = 2): number[] {
  if (factor === 0) throw new RangeError('factor');
  return values.map((v) => add(v, v) * factor);
}

export class Counter {
  constructor(private start: number) {}
  increment(by: number): number {
    return add(this.start, by);
  }
}
`;

const UTIL_PY = `def greet(name, *args, punctuation="!", **kwargs):
    """Greets someone."""
    return "Hello " + name + punctuation


class Box:
    def __init__(self, size):
        self.size = size

    def grow(self, by=1):
        return Box(self.size + by)
`;

const TEST_TS = `import { add } from '../src/math';
export function check(): number {
  return add(1, 2);
}
`;

describe.each(dialects)('live docs through the API on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let stranger: RepoUser;
  let repoId: string;
  const work = () => join(root, 'lib-work');

  const objectOf = async (objectId: string, commit?: string): Promise<LivedocsObject> => {
    const response = await getAs(
      testApp.app,
      owner,
      `/api/v0/livedocs/object/${repoId}?object_id=${objectId}${commit ? `&commit_id=${commit}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return livedocsObjectResponseSchema.parse(response.json()).object;
  };
  const metadata = async () => {
    const response = await getAs(testApp.app, owner, `/api/v0/livedocs/metadata/${repoId}`);
    expect(response.statusCode, response.body).toBe(200);
    return livedocsMetadataResponseSchema.parse(response.json());
  };
  const objectNamed = async (qualifiedName: string) => {
    const all = (await metadata()).metadata.files.flatMap((f) => f.objects);
    const found = all.find((o) => o.qualified_name === qualifiedName);
    if (!found)
      throw new Error(`no object ${qualifiedName} in ${all.map((o) => o.qualified_name)}`);
    return found;
  };
  /** The file list with its ETag; `held`: the ETag the caller already holds (If-None-Match). */
  const fileList = async (held?: string) => {
    const response = await getAs(
      testApp.app,
      owner,
      `/api/v0/livedocs/files/${repoId}`,
      held ? { 'if-none-match': held } : {},
    );
    const etag = String(response.headers.etag);
    if (response.statusCode === 304) return { status: 304, etag, files: null };
    expect(response.statusCode, response.body).toBe(200);
    return { status: 200, etag, files: livedocsFilesResponseSchema.parse(response.json()).files };
  };
  const countsOf = (
    files: { file_path: string; documented_count: number; stale_count: number }[] | null,
    path: string,
  ) => {
    const file = files?.find((f) => f.file_path === path);
    return file && { documented: file.documented_count, stale: file.stale_count };
  };
  const generate = async (body: object, plan = owner.plan, url = '/api/v2/livedocs/generate') => {
    return postAs(testApp.app, owner, url, body, { 'x-plan': plan });
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-livedocs-'));
    createFixtureRepo(root, 'lib', {
      'src/math.ts': MATH_TS,
      'src/util.py': UTIL_PY,
      'test/math.test.ts': TEST_TS,
      'README.md': '# lib\n',
    });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    owner = await createRepoUser(testApp.app, 'owner@example.com');
    stranger = await createRepoUser(testApp.app, 'stranger@example.com');
    const connected = await connectAndWait(testApp.app, owner, {
      external_repo_url: daemon.url('lib.git'),
    });
    repoId = connected.repoId;
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('indexes the repository after connecting, as its own task', async () => {
    const head = fixtureGit(work(), ['rev-parse', 'main']).trim();
    const task = await waitForTask(testApp.app, `index:${repoId}:${head}`, owner.id, [
      'succeeded',
      'failed',
    ]);
    expect(task.status, task.error ?? '').toBe('succeeded');
    const response = await getAs(testApp.app, owner, `/api/v0/livedocs/files/${repoId}`);
    const files = livedocsFilesResponseSchema.parse(response.json());
    expect(files).toMatchObject({ commit_id: head, index_status: 'indexed', task_id: null });
    expect(files.files.map((f) => f.file_path)).toEqual([
      'src/math.ts',
      'src/util.py',
      'test/math.test.ts',
    ]);
    // the author's own summaries count before anything is generated (add, greet)
    expect(files.files[0]).toMatchObject({
      object_count: 5,
      documented_count: 1,
      generated_count: 0,
      stale_count: 0,
    });
    const repos = repoListResponseSchema.parse(
      (await getAs(testApp.app, owner, '/api/v0/repo')).json(),
    );
    expect(repos.repos[0]).toMatchObject({
      object_count: 11,
      documented_count: 2,
      generated_count: 0,
      stale_count: 0,
      undocumented_count: 9,
      indexed: true,
    });
    expect(repos.repos[0]?.languages).toEqual(['python', 'typescript']);
  });

  it('refuses generation without a valid plan token (403, the spec message)', async () => {
    const file = (await metadata()).metadata.files[0]!;
    for (const plan of ['', 'forged.token.value', stranger.plan]) {
      const refused = await generate({ repo_id: repoId, file_ids: [file.file_id] }, plan);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND);
    }
    const unknown = await generate({ repo_id: repoId, file_ids: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('body.file_ids');
  });

  it('generates every template field of every object, filled with facts or left for a writer', async () => {
    const accepted = await generate(
      { repo_id: repoId },
      owner.plan,
      '/api/v2/livedocs/generate/all',
    );
    expect(accepted.statusCode, accepted.body).toBe(202);
    const body = livedocsGenerateResponseSchema.parse(accepted.json());
    expect(body.object_count).toBe(11);
    const task = await waitForTask(testApp.app, body.task_id, owner.id, ['succeeded', 'failed']);
    expect(task.status, task.error ?? '').toBe('succeeded');
    expect(task.result).toMatchObject({ objects: 11, fields_kept: 0 });

    const files = (await metadata()).metadata.files;
    const objects = files.flatMap((f) => f.objects);
    // util.py's module is an object too
    expect(objects).toHaveLength(11);
    for (const file of files) {
      const source = file.file_path.endsWith('.py')
        ? UTIL_PY
        : file.file_path.startsWith('src')
          ? MATH_TS
          : TEST_TS;
      const parsed = await indexFile(
        { path: file.file_path, content: source },
        { repository: repoId },
      );
      for (const summary of file.objects) {
        const object = await objectOf(summary.object_id);
        const engineObject = parsed.objects.find((o) => o.id === summary.object_id)!;
        // documented only with the author's summary; generated text alone is not, until accepted
        expect(summary.status, object.qualified_name).toBe(
          engineObject.doc?.summary
            ? 'documented'
            : object.fields.some((f) => f.value !== '')
              ? 'generated'
              : 'undocumented',
        );
        const paramFields = object.fields.filter((f) => f.field_id.startsWith('param:'));
        // receivers are no parameters; a class has no returns or throws
        expect(paramFields.map((f) => f.field_id.slice(6))).toEqual(
          documentedParameters(engineObject).map((p) => p.name),
        );
        expect(object.fields.map((f) => f.field_id)).toEqual(templateFieldIds(engineObject));
        for (const field of object.fields) {
          // '' is a field the code gave no fact for: it shows as needing a writer
          expect(
            fillerIn(field.value, engineObject),
            `${object.qualified_name} ${field.field_id}`,
          ).toEqual([]);
          expect(field).toMatchObject({ version: 1, stale: false });
          // where the text came from: nothing, the author's comment, or the code's facts
          expect(field.source).toBe(
            field.value === '' ? 'empty' : field.source === 'author' ? 'author' : 'generated',
          );
        }
        // file, lines and decorators are on the page as structure, never a note
        expect(object.fields.find((f) => f.field_id === 'notes')?.value).toBe('');
      }
    }
    const add = await objectOf((await objectNamed('add')).object_id);
    expect(add.fields.find((f) => f.field_id === 'summary')).toMatchObject({
      value: 'Adds two numbers.',
      source: 'author',
    });
    expect(add.fields.find((f) => f.field_id === 'param:a')?.value).toBe('the first');
    // the example is a real call site, from the test file first
    expect(add.fields.find((f) => f.field_id === 'example')?.value).toContain('add(1, 2)');
    expect(add.called_by.map((r) => r.name).sort()).toEqual(['check', 'increment', 'scale']);
    expect(add.usages[0]).toMatchObject({ file_path: 'test/math.test.ts', is_test: true });
    expect(add.code).toBe(
      'export function add(a: number, b: number): number {\n  return a + b;\n}',
    );
    const scale = await objectOf((await objectNamed('scale')).object_id);
    expect(scale.calls.map((r) => [r.name, r.qualified_name])).toContainEqual(['add', 'add']);
    expect(scale.fields.find((f) => f.field_id === 'throws')?.value).toContain('RangeError');
  });

  it('saves an edit with who and when, keeps history, and refuses a stale editor (409)', async () => {
    const { object_id: objectId } = await objectNamed('Counter.increment');
    const before = await objectOf(objectId);
    const summary = before.fields.find((f) => f.field_id === 'summary')!;
    const save = (doc: string, version: number) =>
      postAs(testApp.app, owner, '/api/v0/livedocs/save', {
        repo_id: repoId,
        object_id: objectId,
        field_id: 'summary',
        doc,
        version,
      });
    const listed = await fileList();
    expect((await fileList(listed.etag)).status).toBe(304);
    const first = await save('Moves the counter on by `by`.', summary.version);
    expect(first.statusCode, first.body).toBe(200);
    // the saved field is a new version of the list: the ETag held before no longer matches
    const relisted = await fileList(listed.etag);
    expect(relisted.status).toBe(200);
    expect(relisted.etag).not.toBe(listed.etag);
    expect(livedocsSaveResponseSchema.parse(first.json())).toMatchObject({
      field: {
        value: 'Moves the counter on by `by`.',
        source: 'edited',
        version: 2,
        updated_by: owner.id,
      },
      status: 'documented',
    });
    // a second editor that loaded version 1 must not overwrite it
    const second = await save('Something else', summary.version);
    expect(second.statusCode).toBe(409);
    const after = await objectOf(objectId);
    expect(after.fields.find((f) => f.field_id === 'summary')).toMatchObject({
      value: 'Moves the counter on by `by`.',
      version: 2,
    });
    const history = await getAs(
      testApp.app,
      owner,
      `/api/v0/livedocs/history/${repoId}?object_id=${objectId}&field_id=summary`,
    );
    expect(
      history
        .json()
        .revisions.map((r: { version: number; source: string }) => [r.version, r.source]),
    ).toEqual([
      [2, 'edited'],
      // the code gave no fact for its summary: generation stored it empty
      [1, summary.value === '' ? 'empty' : 'generated'],
    ]);
    const badField = await postAs(testApp.app, owner, '/api/v0/livedocs/save', {
      repo_id: repoId,
      object_id: objectId,
      field_id: 'param:nope',
      doc: 'x',
    });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().field).toBe('body.field_id');
  });

  it('after a commit changes one function, only it is stale; regenerate keeps edits; review clears', async () => {
    const increment = await objectNamed('Counter.increment');
    const add = await objectNamed('add');
    writeFileSync(
      join(work(), 'src/math.ts'),
      MATH_TS.replace(
        'return add(this.start, by);',
        'this.start = add(this.start, by);\n    return this.start;',
      ),
    );
    fixtureGit(work(), ['commit', '-q', '-am', 'increment keeps its count']);
    fixtureGit(work(), ['push', '-q', join(root, 'lib.git'), 'main']);
    const head = fixtureGit(work(), ['rev-parse', 'main']).trim();
    const synced = await postAs(
      testApp.app,
      owner,
      '/api/v0/repo/sync',
      { repo_id: repoId },
      {
        'x-task-id': randomUUID(),
      },
    );
    expect(synced.statusCode, synced.body).toBe(200);
    // statuses are current as soon as the sync answers
    const objects = (await metadata()).metadata.files.flatMap((f) => f.objects);
    expect(objects.filter((o) => o.status === 'stale').map((o) => o.qualified_name)).toEqual([
      'Counter.increment',
    ]);
    // documented: the author's summaries (add, greet); the rest is generated text nobody accepted
    expect(objects.filter((o) => o.status === 'documented').map((o) => o.qualified_name)).toEqual([
      'add',
      'greet',
    ]);
    const staleList = await fileList();
    expect(countsOf(staleList.files, 'src/math.ts')).toEqual({ documented: 1, stale: 1 });
    expect((await objectNamed('add')).object_id).toBe(add.object_id);

    const stale = await objectOf(increment.object_id);
    expect(stale.commit_id).toBe(head);
    expect(stale.status).toBe('stale');
    expect(stale.stale?.diff).toContain('-    return add(this.start, by);');
    expect(stale.stale?.diff).toContain('+    this.start = add(this.start, by);');
    const repos = repoListResponseSchema.parse(
      (await getAs(testApp.app, owner, '/api/v0/repo')).json(),
    );
    expect(repos.repos[0]).toMatchObject({ object_count: 11, documented_count: 2, stale_count: 1 });
    const [counted] = repos.repos;
    expect(
      counted!.documented_count +
        counted!.generated_count +
        counted!.stale_count +
        counted!.undocumented_count,
    ).toBe(11);

    const regenerated = await postAs(
      testApp.app,
      owner,
      '/api/v2/livedocs/regenerate',
      { repo_id: repoId, object_id: increment.object_id },
      { 'x-plan': owner.plan },
    );
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const object = livedocsObjectResponseSchema.parse(regenerated.json()).object;
    expect(object.fields.find((f) => f.field_id === 'summary')).toMatchObject({
      value: 'Moves the counter on by `by`.',
      source: 'edited',
      stale: true,
    });
    expect(object.fields.find((f) => f.field_id === 'description')).toMatchObject({
      source: 'generated',
      version: 2,
      stale: false,
    });
    // the person's edit was written against the old code: still flagged until reviewed
    expect(object.status).toBe('stale');
    const beforeReview = await fileList();
    expect(countsOf(beforeReview.files, 'src/math.ts')).toEqual({ documented: 1, stale: 1 });
    const reviewed = await postAs(testApp.app, owner, '/api/v0/livedocs/review', {
      repo_id: repoId,
      object_id: increment.object_id,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(livedocsObjectResponseSchema.parse(reviewed.json()).object).toMatchObject({
      status: 'documented',
      stale: null,
    });
    // the file list and the repository's counts say so at once
    const reviewedList = await fileList(beforeReview.etag);
    // its summary is a person's (edited earlier): documented now
    expect(countsOf(reviewedList.files, 'src/math.ts')).toEqual({ documented: 2, stale: 0 });
    expect(
      repoListResponseSchema.parse((await getAs(testApp.app, owner, '/api/v0/repo')).json())
        .repos[0],
    ).toMatchObject({ documented_count: 3, stale_count: 0 });

    // the earlier commit stays readable, with its own code
    const first = fixtureGit(work(), ['rev-parse', 'main~1']).trim();
    const old = await objectOf(increment.object_id, first);
    expect(old.code).toContain('return add(this.start, by);');
  });

  it('charges only objects not yet documented, says so before, and refuses what is not left', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const setUsage = (objects: number) =>
      testApp.app.db
        .insertInto('generation_usage')
        .values({ user_id: owner.id, month, objects })
        .onConflict((c) => c.columns(['user_id', 'month']).doUpdateSet({ objects }))
        .execute();
    const usage = async () =>
      Number(
        (
          await testApp.app.db
            .selectFrom('generation_usage')
            .select('objects')
            .where('user_id', '=', owner.id)
            .where('month', '=', month)
            .executeTakeFirst()
        )?.objects ?? 0,
      );
    const estimate = async (query = '') => {
      const response = await getAs(
        testApp.app,
        owner,
        `/api/v2/livedocs/estimate/${repoId}${query}`,
        { 'x-plan': owner.plan },
      );
      expect(response.statusCode, response.body).toBe(200);
      return livedocsEstimateResponseSchema.parse(response.json());
    };
    const runAll = async () => {
      const accepted = await generate(
        { repo_id: repoId },
        owner.plan,
        '/api/v2/livedocs/generate/all',
      );
      expect(accepted.statusCode, accepted.body).toBe(202);
      const { task_id: taskId } = livedocsGenerateResponseSchema.parse(accepted.json());
      const task = await waitForTask(testApp.app, taskId, owner.id, ['succeeded', 'failed']);
      expect(task.status, task.error ?? '').toBe('succeeded');
    };
    // generate for every object, then nothing is left this month
    await setUsage(0);
    await runAll();
    const all = (await metadata()).metadata.files.flatMap((f) => f.objects);
    expect(all.some((o) => o.status === 'stale')).toBe(false);
    await setUsage(2_000);
    expect(await estimate()).toMatchObject({
      objects: all.length,
      to_spend: 0,
      used: 2_000,
      quota: 2_000,
      left: 0,
    });
    // refreshing documented, unchanged objects is free: it runs, and the month is unchanged
    await runAll();
    expect(await usage()).toBe(2_000);

    // one object loses its docs: it would be charged, and nothing is left for it
    const target = all.find((o) => o.qualified_name === 'scale')!;
    await testApp.app.db
      .deleteFrom('docs')
      .where('repo_id', '=', repoId)
      .where('object_id', '=', target.object_id)
      .execute();
    await testApp.app.db
      .updateTable('repos')
      .set((eb) => ({ docs_revision: eb('docs_revision', '+', 1) }))
      .where('id', '=', repoId)
      .execute();
    expect(await estimate(`?file_id=${target.file_id}`)).toMatchObject({
      objects: 5,
      to_spend: 1,
      left: 0,
    });
    const refused = await generate(
      { repo_id: repoId },
      owner.plan,
      '/api/v2/livedocs/generate/all',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your plan documents up to 2000 objects a month and 0 are left this month; this needs 1. Choose fewer files or upgrade your plan.',
    );
    await setUsage(1_999);
    await runAll();
    expect(await usage()).toBe(2_000);
    const unknown = await getAs(
      testApp.app,
      owner,
      `/api/v2/livedocs/estimate/${repoId}?file_id=nope`,
      { 'x-plan': owner.plan },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('query.file_id');
    expect(
      (
        await getAs(testApp.app, stranger, `/api/v2/livedocs/estimate/${repoId}`, {
          'x-plan': stranger.plan,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("never shows one user's live docs to another (404 on every route)", async () => {
    const { object_id: objectId } = await objectNamed('add');
    const app = testApp.app;
    for (const url of [
      `/api/v0/livedocs/files/${repoId}`,
      `/api/v0/livedocs/metadata/${repoId}`,
      `/api/v0/livedocs/object/${repoId}?object_id=${objectId}`,
      `/api/v0/livedocs/commits/${repoId}`,
      `/api/v0/livedocs/history/${repoId}?object_id=${objectId}&field_id=summary`,
    ]) {
      expect((await getAs(app, stranger, url)).statusCode, url).toBe(404);
    }
    const save = await postAs(app, stranger, '/api/v0/livedocs/save', {
      repo_id: repoId,
      object_id: objectId,
      field_id: 'summary',
      doc: 'mine',
    });
    expect(save.statusCode).toBe(404);
    const generateAll = await postAs(
      app,
      stranger,
      '/api/v2/livedocs/generate/all',
      { repo_id: repoId },
      {
        'x-plan': stranger.plan,
      },
    );
    expect(generateAll.statusCode).toBe(404);
    for (const url of ['/api/v0/livedocs/review', '/api/v2/livedocs/regenerate']) {
      const response = await postAs(
        app,
        stranger,
        url,
        { repo_id: repoId, object_id: objectId },
        {
          'x-plan': stranger.plan,
        },
      );
      expect(response.statusCode, url).toBe(404);
    }
  });
});
