import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { livedocsMetadataResponseSchema, livedocsObjectResponseSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, type RepoUser } from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const dialects = await testDialects();

const SOURCE = `/** Adds two numbers. */
export function add(a: number, b: number): number {
  return a + b;
}

export function twice(value: number): number {
  return add(value, value);
}
`;

describe.each(dialects)('generation with a model provider on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let llm: FakeLlm;
  let testApp: TestApp;
  let user: RepoUser;
  let repoId: string;

  const fieldsOf = async (qualifiedName: string) => {
    const meta = livedocsMetadataResponseSchema.parse(
      (await getAs(testApp.app, user, `/api/v0/livedocs/metadata/${repoId}`)).json(),
    );
    const id = meta.metadata.files[0]!.objects.find((o) => o.qualified_name === qualifiedName)!;
    const object = livedocsObjectResponseSchema.parse(
      (
        await getAs(
          testApp.app,
          user,
          `/api/v0/livedocs/object/${repoId}?object_id=${id.object_id}`,
        )
      ).json(),
    ).object;
    return new Map(object.fields.map((f) => [f.field_id, f.value]));
  };
  const generateAll = async () => {
    const accepted = await postAs(
      testApp.app,
      user,
      '/api/v2/livedocs/generate/all',
      { repo_id: repoId },
      { 'x-plan': user.plan },
    );
    expect(accepted.statusCode, accepted.body).toBe(202);
    const task = await waitForTask(testApp.app, accepted.json().task_id, user.id, [
      'succeeded',
      'failed',
    ]);
    expect(task.status, task.error ?? '').toBe('succeeded');
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-llm-'));
    createFixtureRepo(root, 'calc', { 'calc.ts': SOURCE });
    daemon = await startGitDaemon(root);
    llm = await startFakeLlm();
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
      llm: {
        baseUrl: llm.baseUrl,
        model: 'coder',
        apiKey: undefined,
        timeoutMs: 500,
        concurrency: 2,
      },
    });
    user = await createRepoUser(testApp.app, 'llm@example.com');
    repoId = (
      await connectAndWait(testApp.app, user, { external_repo_url: daemon.url('calc.git') })
    ).repoId;
    const head = fixtureGit(join(root, 'calc-work'), ['rev-parse', 'main']).trim();
    await waitForTask(testApp.app, `index:${repoId}:${head}`, user.id, ['succeeded']);
  });

  afterAll(async () => {
    await testApp?.close();
    await llm?.stop();
    await daemon?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes the model prose where the author wrote nothing, minus invented symbols', async () => {
    llm.mode = {
      kind: 'answer',
      content: (request) => {
        const facts = JSON.parse(request.messages[1]!.content) as { name: string };
        return JSON.stringify({
          summary: `Model summary of ${facts.name}.`,
          description: `It relies on \`add\`. It also calls \`secretHelper()\`.`,
          params: { value: 'The number to double.', a: 'Left.', b: 'Right.' },
        });
      },
    };
    await generateAll();
    expect(llm.requests.length).toBe(2);
    const twice = await fieldsOf('twice');
    expect(twice.get('summary')).toBe('Model summary of twice.');
    expect(twice.get('description')).toBe('It relies on `add`.');
    expect(twice.get('param:value')).toBe('The number to double.');
    // the author's doc comment still wins over the model
    const add = await fieldsOf('add');
    expect(add.get('summary')).toBe('Adds two numbers.');
    expect(add.get('param:a')).toBe('Left.');
  });

  it('gives the model the code facts and the author text, and drops filler it answers', async () => {
    llm.requests.length = 0;
    llm.mode = {
      kind: 'answer',
      content: () =>
        JSON.stringify({ summary: 'Twice.', params: { value: 'The value.', a: 'The a number.' } }),
    };
    await generateAll();
    const sent = llm.requests.map(
      (r) =>
        JSON.parse(r.messages[1]!.content) as {
          name: string;
          author_docs: string;
          current_docs: { summary: string; params: Record<string, string> };
        },
    );
    const forTwice = sent.find((f) => f.name === 'twice')!;
    const forAdd = sent.find((f) => f.name === 'add')!;
    // facts read from the code, not a name read back (a body that only calls `add` gives no
    // summary: the call is on the page as structure)
    expect(forTwice.current_docs.summary).toBe('');
    expect(forTwice.current_docs.params.value).toBe('Passed to `add`.');
    expect(forTwice.author_docs).toBe('');
    expect(forAdd.author_docs).toBe('Adds two numbers.');
    // "Twice." and "The value." restate names: the engine's facts stay
    const twice = await fieldsOf('twice');
    expect(twice.get('summary')).toBe('');
    expect(twice.get('param:value')).toBe('Passed to `add`.');
  });

  it('regenerates one object with the model too', async () => {
    llm.mode = {
      kind: 'answer',
      content: () => JSON.stringify({ summary: 'Regenerated by the model.' }),
    };
    const meta = livedocsMetadataResponseSchema.parse(
      (await getAs(testApp.app, user, `/api/v0/livedocs/metadata/${repoId}`)).json(),
    );
    const twice = meta.metadata.files[0]!.objects.find((o) => o.qualified_name === 'twice')!;
    const response = await postAs(
      testApp.app,
      user,
      '/api/v2/livedocs/regenerate',
      { repo_id: repoId, object_id: twice.object_id },
      { 'x-plan': user.plan },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await fieldsOf('twice')).get('summary')).toBe('Regenerated by the model.');
  });

  it('keeps the deterministic text when the model fails or stalls', async () => {
    llm.mode = { kind: 'status', status: 503 };
    await generateAll();
    expect((await fieldsOf('twice')).get('summary')).not.toContain('Model summary');
    llm.mode = { kind: 'stall' };
    await generateAll();
    const twice = await fieldsOf('twice');
    expect(twice.get('summary')).not.toContain('Model summary');
    expect(twice.get('param:value')).not.toBe('');
  });
});
