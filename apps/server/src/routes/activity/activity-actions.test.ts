import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  activityChecklistSchema,
  activityFeedResponseSchema,
  compilationResponseSchema,
  coverageMetricsSchema,
  docsMetricsSchema,
  generateFolderResponseSchema,
  livedocsGenerateResponseSchema,
  livedocsMetadataResponseSchema,
} from '@codedocs/contract';
import type { ActivityEvent } from '@codedocs/contract';
import { describe, expect, it } from 'vitest';
import { useGitAppBed } from '../../test/git-app-bed';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, syncRepo } from '../../test/repos';
import { testDialects } from '../../test/test-app';

const dialects = await testDialects();

const MATH_TS = `export function add(a: number, b: number): number {
  return a + b;
}

export function twice(x: number): number {
  return add(x, x);
}
`;

const today = () => new Date().toISOString().slice(0, 10);

describe.each(dialects)('the events of real actions on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-activity-');

  it('records each action once, in its own transaction, and snapshots coverage', async () => {
    createFixtureRepo(bed.root, 'lib', { 'src/math.ts': MATH_TS, 'src/more.ts': MATH_TS });
    const { app, daemon } = await bed.start();
    const owner = await createRepoUser(app, 'owner@example.com');
    const stranger = await createRepoUser(app, 'stranger@example.com');
    const feed = async (query = 'limit=100'): Promise<ActivityEvent[]> => {
      const response = await getAs(app, owner, `/api/v1/activity/events?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return activityFeedResponseSchema.parse(response.json()).events;
    };
    const kinds = async () => (await feed()).map((event) => event.kind).reverse();
    const coverage = async () => {
      const response = await getAs(
        app,
        owner,
        `/api/v1/activity/coverage?from=${today()}&to=${today()}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return coverageMetricsSchema.parse(response.json()).repositories;
    };

    const { repoId, task } = await connectAndWait(app, owner, {
      external_repo_url: daemon.url('lib.git'),
    });
    expect(task.status, task.error ?? '').toBe('succeeded');
    const work = join(bed.root, 'lib-work');
    const head = fixtureGit(work, ['rev-parse', 'main']).trim();
    await waitForTask(app, `index:${repoId}:${head}`, owner.id, ['succeeded']);
    expect(await kinds()).toEqual(['repo.connected', 'repo.indexed']);
    const indexed = (await feed())[0]!;
    expect(indexed).toMatchObject({ subject: repoId, actor_id: null, data: { objects: 4 } });
    // MATH_TS has no doc comments: nothing is documented, nothing generated yet
    expect((await coverage())[0]?.points).toEqual([
      { objects: 4, documented: 0, generated: 0, stale: 0 },
    ]);
    /** Today's point: documented and stale as given, generated text only for the rest at most. */
    const expectPoint = async (documented: number, stale: number) => {
      const [point] = (await coverage())[0]?.points ?? [];
      expect(point).toMatchObject({ objects: 4, documented, stale });
      expect(point!.generated).toBeLessThanOrEqual(4 - documented - stale);
    };

    const generated = await postAs(
      app,
      owner,
      '/api/v2/livedocs/generate/all',
      { repo_id: repoId },
      { 'x-plan': owner.plan },
    );
    expect(generated.statusCode, generated.body).toBe(202);
    const { task_id: generation } = livedocsGenerateResponseSchema.parse(generated.json());
    await waitForTask(app, generation, owner.id, ['succeeded']);
    const [entry] = await feed();
    // one entry for the task's two files
    expect(entry).toMatchObject({
      kind: 'docs.generated',
      grouped: 2,
      data: { task_id: generation, files: 2, objects: 4 },
    });
    const generatedFields = entry!.amount;
    expect(generatedFields).toBeGreaterThan(0);
    // generated text alone documents nothing
    await expectPoint(0, 0);

    const metadata = livedocsMetadataResponseSchema.parse(
      (await getAs(app, owner, `/api/v0/livedocs/metadata/${repoId}`)).json(),
    );
    const add = metadata.metadata.files
      .flatMap((file) => file.objects)
      .find((object) => object.qualified_name === 'add')!;
    const save = (doc: string, version: number) =>
      postAs(app, owner, '/api/v0/livedocs/save', {
        repo_id: repoId,
        object_id: add.object_id,
        field_id: 'summary',
        doc,
        version,
      });
    // a save refused as stale (409) records nothing
    expect((await save('Not mine to write.', 7)).statusCode).toBe(409);
    expect((await save('Adds two numbers.', 1)).statusCode).toBe(200);
    // a person's summary does
    await expectPoint(1, 0);
    const [edited] = await feed();
    expect(edited).toMatchObject({
      kind: 'doc.edited',
      actor_id: owner.id,
      data: { object_id: add.object_id, name: 'add', field_id: 'summary' },
    });
    const docs = docsMetricsSchema.parse(
      (await getAs(app, owner, `/api/v1/activity/docs?from=${today()}&to=${today()}`)).json(),
    );
    expect(docs.totals).toEqual({ generated: generatedFields, edited: 1, reviewed: 0 });
    expect(docs.people).toEqual([{ user_id: owner.id, name: expect.any(String), edits: 1 }]);

    // a change of add's code makes it stale after a sync
    writeFileSync(join(work, 'src/math.ts'), MATH_TS.replace('a + b', 'b + a'));
    fixtureGit(work, ['commit', '-qam', 'swap']);
    fixtureGit(work, ['push', '-q', join(bed.root, 'lib.git'), 'main']);
    expect((await syncRepo(app, owner, repoId)).statusCode).toBe(200);
    expect((await feed()).slice(0, 2).map((event) => [event.kind, event.data.changed])).toEqual([
      ['repo.indexed', undefined],
      ['repo.synced', true],
    ]);
    await expectPoint(0, 1);
    const reviewed = await postAs(app, owner, '/api/v0/livedocs/review', {
      repo_id: repoId,
      object_id: add.object_id,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((await feed())[0]).toMatchObject({ kind: 'doc.reviewed', data: { name: 'add' } });
    await expectPoint(1, 0);

    const created = await postAs(app, owner, '/api/v0/compilation', { name: 'Math' });
    const compilationId = compilationResponseSchema.parse(created.json()).compilation
      .compilation_id;
    await postAs(app, owner, '/api/v0/compilation/object', {
      compilation_id: compilationId,
      object_ids: [add.object_id],
    });
    const site = await postAs(app, owner, '/api/v1/staticdocs/generate/compilation', {
      compilation_id: compilationId,
      folder_name: 'Math docs',
    });
    expect(site.statusCode, site.body).toBe(202);
    const folder = generateFolderResponseSchema.parse(site.json());
    await waitForTask(app, folder.task_id, owner.id, ['succeeded'], 60_000);
    expect((await feed('category=pockets,sites')).map((e) => [e.kind, e.data.change])).toEqual([
      ['site.built', undefined],
      ['compilation.changed', 'objects_added'],
      ['compilation.created', undefined],
    ]);
    expect((await feed('limit=1'))[0]).toMatchObject({
      kind: 'site.built',
      subject: folder.folder_id,
      data: { name: 'Math docs', files: expect.any(Number) },
    });
    const checklist = activityChecklistSchema.parse(
      (await getAs(app, owner, '/api/v1/activity/checklist')).json(),
    );
    expect(checklist).toEqual({
      steps: { connect: true, generate: true, pocket: true, site: true, share: false },
      done: false,
    });

    // none of it reaches another account
    const theirs = await getAs(app, stranger, '/api/v1/activity/events');
    expect(activityFeedResponseSchema.parse(theirs.json()).events).toEqual([]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v0/repo/${repoId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await feed('limit=1'))[0]).toMatchObject({
      kind: 'repo.deleted',
      subject: repoId,
      data: { name: 'lib' },
    });
    expect(await coverage()).toEqual([]);
    // the events stay; the counts of the day are one per event
    const counted = await app.db
      .selectFrom('activity_daily')
      .select((eb) => eb.fn.sum<number | string>('events').as('n'))
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const events = await app.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(Number(events.n));
  });
});
