import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  coverageMetricsSchema,
  createExportResponseSchema,
  exportDocumentSchema,
  livedocsFilesResponseSchema,
  livedocsGenerateResponseSchema,
  livedocsMetadataResponseSchema,
  livedocsObjectResponseSchema,
  livedocsSaveResponseSchema,
  objectSearchResponseSchema,
  repoListResponseSchema,
  type ObjectStatus,
  type RepoJson,
} from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatuses } from '../../repositories/repos-repository';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectIndexed, createRepoUser, getAs, postAs, type RepoUser } from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const dialects = await testDialects();

// Half of the objects carry the author's doc, half none: each undocumented one has a fact the
// generator states (a raise), so "Generate all" writes text for it.
const SHAPES_TS = `/** Parses a port number from text. */
export function parsePort(text: string): number {
  return Number(text);
}

/** The area of a rectangle. */
export function area(width: number, height: number): number {
  return width * height;
}

export function half(value: number): number {
  if (value < 0) throw new RangeError('negative');
  return value / 2;
}

export function checked(flag: boolean): boolean {
  if (!flag) throw new TypeError('not set');
  return flag;
}
`;

/**
 * Issue 42, point 5: an object counts as documented only with a summary a reader can use (the
 * author's, a person's, or generated text a person accepted), and every figure — repository
 * counts, the file list, object statuses, object search, the activity series and the JSON
 * export — agrees, on both databases.
 */
describe.each(dialects)('honest coverage on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let repoId: string;
  const app = () => testApp.app;

  const repo = async (): Promise<RepoJson> => {
    const list = repoListResponseSchema.parse((await getAs(app(), owner, '/api/v0/repo')).json());
    return list.repos.find((r) => r.repo_id === repoId)!;
  };
  const statuses = async () => {
    const response = await getAs(app(), owner, `/api/v0/livedocs/metadata/${repoId}`);
    const files = livedocsMetadataResponseSchema.parse(response.json()).metadata.files;
    return new Map(files.flatMap((f) => f.objects).map((o) => [o.qualified_name, o]));
  };
  const tally = (values: Iterable<ObjectStatus>) => {
    const counts = { documented: 0, generated: 0, stale: 0, undocumented: 0 };
    for (const status of values) counts[status]++;
    return counts;
  };
  /** Every place the app counts agrees with the repository's counts. */
  const expectAgreement = async (expected: Record<ObjectStatus, number>) => {
    const counted = await repo();
    expect(counted).toMatchObject({
      object_count: 4,
      documented_count: expected.documented,
      generated_count: expected.generated,
      stale_count: expected.stale,
      undocumented_count: expected.undocumented,
    });
    expect(tally([...(await statuses()).values()].map((o) => o.status))).toEqual(expected);
    expect(await countStatuses(app().db, repoId)).toEqual(expected);
    const files = livedocsFilesResponseSchema.parse(
      (await getAs(app(), owner, `/api/v0/livedocs/files/${repoId}`)).json(),
    ).files;
    expect(files[0]).toMatchObject({
      documented_count: expected.documented,
      generated_count: expected.generated,
      stale_count: expected.stale,
    });
    // the database's filter (object search) follows the same rule
    for (const status of ['documented', 'generated', 'stale', 'undocumented'] as const) {
      const found = objectSearchResponseSchema.parse(
        (
          await getAs(app(), owner, `/api/v0/objects/search?repo_id=${repoId}&status=${status}`)
        ).json(),
      );
      expect(found.objects.length, status).toBe(expected[status]);
    }
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-coverage-'));
    createFixtureRepo(root, 'shapes', { 'src/shapes.ts': SHAPES_TS });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      logLevel: 'error',
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    owner = await createRepoUser(app(), 'owner@example.com');
    repoId = await connectIndexed(
      app(),
      owner,
      daemon.url('shapes.git'),
      join(root, 'shapes-work'),
    );
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("counts the author's summaries as documented before anything is generated", async () => {
    await expectAgreement({ documented: 2, generated: 0, stale: 0, undocumented: 2 });
  });

  it('stays at 50% after Generate all: generated text alone is not documentation', async () => {
    const accepted = await postAs(
      app(),
      owner,
      '/api/v2/livedocs/generate/all',
      { repo_id: repoId },
      { 'x-plan': owner.plan },
    );
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { task_id: taskId } = livedocsGenerateResponseSchema.parse(accepted.json());
    const task = await waitForTask(app(), taskId, owner.id, ['succeeded', 'failed']);
    expect(task.status, task.error ?? '').toBe('succeeded');
    await expectAgreement({ documented: 2, generated: 2, stale: 0, undocumented: 0 });
    // each field says where its text came from
    const objects = await statuses();
    const parse = async (name: string) =>
      livedocsObjectResponseSchema.parse(
        (
          await getAs(
            app(),
            owner,
            `/api/v0/livedocs/object/${repoId}?object_id=${objects.get(name)!.object_id}`,
          )
        ).json(),
      ).object;
    const parsePort = await parse('parsePort');
    expect(parsePort.fields.find((f) => f.field_id === 'summary')).toMatchObject({
      value: 'Parses a port number from text.',
      source: 'author',
    });
    const half = await parse('half');
    expect(half.fields.find((f) => f.field_id === 'throws')).toMatchObject({ source: 'generated' });
    for (const field of half.fields)
      expect(field.source, field.field_id).toBe(field.value === '' ? 'empty' : 'generated');
  });

  it('counts a generated summary once a person accepts it, and refuses stale or non-generated accepts', async () => {
    const objects = await statuses();
    const half = objects.get('half')!;
    // a generated summary for `half` (whatever the generator had to say of it)
    await app()
      .db.updateTable('docs')
      .set({ value: 'Halves a non-negative value.', source: 'generated' })
      .where('repo_id', '=', repoId)
      .where('object_id', '=', half.object_id)
      .where('field_id', '=', 'summary')
      .execute();
    await app()
      .db.updateTable('repos')
      .set((eb) => ({ docs_revision: eb('docs_revision', '+', 1) }))
      .where('id', '=', repoId)
      .execute();
    const read = async () =>
      livedocsObjectResponseSchema.parse(
        (
          await getAs(app(), owner, `/api/v0/livedocs/object/${repoId}?object_id=${half.object_id}`)
        ).json(),
      ).object;
    const summary = (await read()).fields.find((f) => f.field_id === 'summary')!;
    expect(summary.accepted_at ?? null).toBeNull();
    const accept = (fieldId: string, version: number) =>
      postAs(app(), owner, '/api/v0/livedocs/accept', {
        repo_id: repoId,
        object_id: half.object_id,
        field_id: fieldId,
        version,
      });
    const stale = await accept('summary', summary.version + 1);
    expect(stale.statusCode).toBe(409);
    const empty = await accept('example', 1);
    expect([400, 404]).toContain(empty.statusCode);
    const missing = await accept('param:nope', 1);
    expect([400, 404]).toContain(missing.statusCode);
    const done = await accept('summary', summary.version);
    expect(done.statusCode, done.body).toBe(200);
    const answer = livedocsSaveResponseSchema.parse(done.json());
    expect(answer.status).toBe('documented');
    expect(answer.field.accepted_at).toBeTruthy();
    await expectAgreement({ documented: 3, generated: 1, stale: 0, undocumented: 0 });

    // a person's own text cannot be "accepted": it is theirs already
    const saved = await postAs(app(), owner, '/api/v0/livedocs/save', {
      repo_id: repoId,
      object_id: objects.get('checked')!.object_id,
      field_id: 'summary',
      doc: 'Answers the flag, refusing an unset one.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = livedocsSaveResponseSchema.parse(saved.json());
    expect(edited.status).toBe('documented');
    const refused = await postAs(app(), owner, '/api/v0/livedocs/accept', {
      repo_id: repoId,
      object_id: objects.get('checked')!.object_id,
      field_id: 'summary',
      version: edited.field.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('body.field_id');
    await expectAgreement({ documented: 4, generated: 0, stale: 0, undocumented: 0 });
  });

  it('records the counts in the activity series and the JSON export as the repository list shows them', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const metrics = coverageMetricsSchema.parse(
      (await getAs(app(), owner, `/api/v1/activity/coverage?from=${day}&to=${day}`)).json(),
    );
    const series = metrics.repositories.find((r) => r.repo_id === repoId)!;
    const counted = await repo();
    const expected = {
      objects: counted.object_count,
      documented: counted.documented_count,
      generated: counted.generated_count,
      stale: counted.stale_count,
    };
    expect(series.current).toEqual(expected);
    expect(series.points.at(-1)).toEqual(expected);

    const created = await postAs(app(), owner, '/api/v1/exports', {
      kind: 'json',
      repo_id: repoId,
    });
    expect(created.statusCode, created.body).toBe(202);
    const answer = createExportResponseSchema.parse(created.json());
    const task = await waitForTask(
      app(),
      answer.task_id,
      owner.id,
      ['succeeded', 'failed'],
      60_000,
    );
    expect(task.status, task.error ?? '').toBe('succeeded');
    const document = exportDocumentSchema.parse(
      (await getAs(app(), owner, `/api/v1/exports/${answer.export_id}/document`)).json(),
    );
    const exported = document.repositories[0]!;
    expect(exported.coverage).toEqual({
      objects: counted.object_count,
      documented: counted.documented_count,
      generated: counted.generated_count,
      stale: counted.stale_count,
      undocumented: counted.undocumented_count,
    });
    const byStatus = tally(exported.files.flatMap((f) => f.objects.map((o) => o.status)));
    expect(byStatus).toEqual({
      documented: counted.documented_count,
      generated: counted.generated_count,
      stale: counted.stale_count,
      undocumented: counted.undocumented_count,
    });
    const half = exported.files[0]!.objects.find((o) => o.qualified_name === 'half')!;
    expect(half.fields.find((f) => f.field_id === 'summary')?.provenance).toMatchObject({
      source: 'generated',
      accepted: true,
    });
  });
});
