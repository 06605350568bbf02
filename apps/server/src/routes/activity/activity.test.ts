import {
  activityEventSchema,
  activityFeedResponseSchema,
  coverageMetricsSchema,
  docsMetricsSchema,
  viewsMetricsSchema,
} from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCoverageSnapshot } from '../../repositories/coverage-repository';
import type { ActivityEventInput } from '../../services/activity/activity-feed';
import { recordEvent } from '../../services/activity/record-event';
import { purgeOldActivity } from '../../services/activity/retention';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { eventually } from '../../test/jobs';
import { readEventStream } from '../../test/event-stream';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

/** The `activity` events of a stream, as the SPA reads them. */
const readActivity = (response: Response) =>
  readEventStream(response, 'activity', (data) => activityEventSchema.parse(data)).events;

describe.each(dialects)('activity events and metrics on %s', (dialect) => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: { token: string; id: string };
  let other: { token: string; id: string };

  const record = (input: ActivityEventInput) =>
    recordEvent(testApp.app.services, testApp.app.db, input);
  const get = (token: string, url: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/v1/activity/${url}`, headers: bearer(token) });
  const countRows = async (table: 'events' | 'activity_daily', userId: string) =>
    (
      await testApp.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await createVerifiedUser(testApp.app, 'owner@example.com');
    const b = await createVerifiedUser(testApp.app, 'other@example.com');
    owner = { token: a.token, id: a.user.id };
    other = { token: b.token, id: b.user.id };
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('writes no event, count or live event for an action that rolls back', async () => {
    const { app } = testApp;
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl}/api/v1/events`, {
      headers: bearer(owner.token),
      signal: controller.signal,
    });
    const live = readActivity(stream);
    await eventually(() => app.activity.subscriberCount(owner.id) === 1);

    await expect(
      app.db.transaction().execute(async (trx) => {
        await recordEvent(app.services, trx, {
          userId: owner.id,
          kind: 'compilation.created',
          subject: 'rolled-back',
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    // a real action: a second pocket of the same name fails on the unique index, after its event
    const create = (name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v0/compilation',
        headers: bearer(owner.token),
        payload: { name },
      });
    expect((await create('Guides')).statusCode).toBe(201);
    expect((await create('guides')).statusCode).toBe(409);

    await eventually(() => live.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live).toEqual([
      expect.objectContaining({
        kind: 'compilation.created',
        actor_id: owner.id,
        actor_name: expect.any(String),
        data: { name: 'Guides' },
      }),
    ]);
    expect(Number(await countRows('events', owner.id))).toBe(1);
    expect(Number(await countRows('activity_daily', owner.id))).toBe(1);
    controller.abort();
    await eventually(() => app.activity.subscriberCount(owner.id) === 0);
  });

  it("streams the caller's new events only, after they commit", async () => {
    const { app } = testApp;
    const open = async (token: string) => {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}/api/v1/events`, {
        headers: bearer(token),
        signal: controller.signal,
      });
      return { controller, events: readActivity(response) };
    };
    const mine = await open(owner.token);
    const theirs = await open(other.token);
    await eventually(
      () =>
        app.activity.subscriberCount(owner.id) === 1 &&
        app.activity.subscriberCount(other.id) === 1,
    );
    let recorded = '';
    await app.db.transaction().execute(async (trx) => {
      recorded = await recordEvent(app.services, trx, {
        userId: owner.id,
        kind: 'doc.edited',
        subject: 'repo-1',
        data: { name: 'add', field_id: 'summary' },
      });
      // nothing is delivered while the transaction is open
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(mine.events).toEqual([]);
    });
    await eventually(() => mine.events.length === 1);
    expect(mine.events[0]).toMatchObject({ event_id: recorded, kind: 'doc.edited', amount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.events).toEqual([]);
    mine.controller.abort();
    theirs.controller.abort();
  });

  it('sums generated and edited fields and reviews per day and week, and edits per person', async () => {
    const { app } = testApp;
    const user = await createVerifiedUser(app, 'metrics@example.com');
    const editor = await createVerifiedUser(app, 'editor@example.com');
    await app.db
      .updateTable('users')
      .set({ name: 'Ed Itor' })
      .where('id', '=', editor.user.id)
      .execute();
    const at = (day: string) => `${day}T12:00:00.000Z`;
    // 2026-03-02 is a Monday
    await record({
      userId: user.user.id,
      kind: 'docs.generated',
      subject: 'r1',
      amount: 40,
      at: at('2026-03-01'),
    });
    await record({
      userId: user.user.id,
      kind: 'docs.generated',
      subject: 'r1',
      amount: 7,
      at: at('2026-03-02'),
    });
    await record({
      userId: user.user.id,
      kind: 'docs.generated',
      subject: 'r2',
      amount: 3,
      at: at('2026-03-02'),
    });
    for (const day of ['2026-03-02', '2026-03-02', '2026-03-08']) {
      await record({ userId: user.user.id, kind: 'doc.edited', subject: 'r1', at: at(day) });
    }
    await record({
      userId: user.user.id,
      kind: 'doc.edited',
      subject: 'r2',
      actorId: editor.user.id,
      at: at('2026-03-09'),
    });
    await record({
      userId: user.user.id,
      kind: 'doc.reviewed',
      subject: 'r1',
      at: at('2026-03-09'),
    });
    // outside the range
    await record({
      userId: user.user.id,
      kind: 'docs.generated',
      subject: 'r1',
      amount: 1000,
      at: at('2026-02-27'),
    });

    const daily = await get(user.token, 'docs?from=2026-03-01&to=2026-03-09');
    expect(daily.statusCode, daily.body).toBe(200);
    const days = docsMetricsSchema.parse(daily.json());
    expect(days.buckets).toHaveLength(9);
    expect(days.series.generated).toEqual([40, 10, 0, 0, 0, 0, 0, 0, 0]);
    expect(days.series.edited).toEqual([0, 2, 0, 0, 0, 0, 0, 1, 1]);
    expect(days.series.reviewed).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(days.totals).toEqual({ generated: 50, edited: 4, reviewed: 1 });
    expect(days.people).toEqual([
      { user_id: user.user.id, name: expect.any(String), edits: 3 },
      { user_id: editor.user.id, name: 'Ed Itor', edits: 1 },
    ]);

    const weekly = docsMetricsSchema.parse(
      (await get(user.token, 'docs?from=2026-03-01&to=2026-03-09&bucket=week')).json(),
    );
    expect(weekly.buckets).toEqual(['2026-03-01', '2026-03-02', '2026-03-09']);
    expect(weekly.series.generated).toEqual([40, 10, 0]);
    expect(weekly.series.edited).toEqual([0, 3, 1]);

    const oneRepo = docsMetricsSchema.parse(
      (await get(user.token, 'docs?from=2026-03-01&to=2026-03-09&bucket=week&scope=r2')).json(),
    );
    expect(oneRepo.totals).toEqual({ generated: 3, edited: 1, reviewed: 0 });

    for (const bad of [
      'docs?from=2026-03-09&to=2026-03-01',
      'docs?from=2026-03-01&to=2030-03-01',
      'docs?from=yesterday&to=2026-03-01',
      'docs?from=2026-03-01&to=2026-03-02&bucket=month',
    ]) {
      expect((await get(user.token, bad)).statusCode, bad).toBe(400);
    }
    // another user's numbers never show
    const stranger = docsMetricsSchema.parse(
      (await get(other.token, 'docs?from=2026-03-01&to=2026-03-09')).json(),
    );
    expect(stranger.totals).toEqual({ generated: 0, edited: 0, reviewed: 0 });
    expect(stranger.people).toEqual([]);
  });

  it('counts site views per folder and per share, for the owner only', async () => {
    const { app } = testApp;
    const user = await createVerifiedUser(app, 'sites@example.com');
    const ownerId = user.user.id;
    await app.db
      .insertInto('folders')
      .values([
        { id: 'f-guide', owner_id: ownerId, name: 'Guide', status: 'ready' },
        { id: 'f-api', owner_id: ownerId, name: 'API', status: 'ready' },
      ])
      .execute();
    await app.db
      .insertInto('shares')
      .values({
        id: 's-public',
        folder_id: 'f-guide',
        kind: 'public',
        permission: 'viewer',
        created_by: ownerId,
      })
      .execute();
    const at = (day: string) => `${day}T08:00:00.000Z`;
    await record({
      userId: ownerId,
      kind: 'site.viewed',
      subject: 'f-guide',
      at: at('2026-05-04'),
    });
    await record({ userId: ownerId, kind: 'site.viewed', subject: 'f-api', at: at('2026-05-05') });
    for (const actorId of [null, null, other.id]) {
      await record({
        userId: ownerId,
        kind: 'share.opened',
        subject: 's-public',
        scope: 'f-guide',
        actorId,
        at: at('2026-05-05'),
      });
    }
    // a folder deleted since keeps its views, without a name
    await record({ userId: ownerId, kind: 'site.viewed', subject: 'f-gone', at: at('2026-05-06') });

    const views = viewsMetricsSchema.parse(
      (await get(user.token, 'views?from=2026-05-04&to=2026-05-06')).json(),
    );
    expect(views.series.views).toEqual([1, 4, 1]);
    expect(views.totals.views).toBe(6);
    expect(views.folders).toEqual([
      { folder_id: 'f-guide', name: 'Guide', views: [1, 3, 0], total: 4 },
      expect.objectContaining({ folder_id: 'f-api', name: 'API', total: 1 }),
      expect.objectContaining({ folder_id: 'f-gone', name: null, total: 1 }),
    ]);
    expect(views.shares).toEqual([
      { share_id: 's-public', folder_id: 'f-guide', kind: 'public', views: [0, 3, 0], total: 3 },
    ]);
    // the viewer who opened the share counts nothing in their own metrics
    const theirs = viewsMetricsSchema.parse(
      (await get(other.token, 'views?from=2026-05-04&to=2026-05-06')).json(),
    );
    expect(theirs.totals.views).toBe(0);
    const guideOnly = viewsMetricsSchema.parse(
      (await get(user.token, 'views?from=2026-05-04&to=2026-05-06&scope=f-guide')).json(),
    );
    expect(guideOnly.totals.views).toBe(4);
  });

  it('answers coverage at the end of each bucket from the latest snapshot before it', async () => {
    const { app } = testApp;
    const user = await createVerifiedUser(app, 'coverage@example.com');
    const userId = user.user.id;
    await app.db
      .insertInto('repos')
      .values([
        {
          id: 'cov-a',
          user_id: userId,
          url: 'https://example.com/a.git',
          name: 'a',
          method: 'https',
          status: 'connected',
        },
        {
          id: 'cov-b',
          user_id: userId,
          url: 'https://example.com/b.git',
          name: 'b',
          method: 'https',
          status: 'connected',
        },
      ])
      .execute();
    const snap = (repoId: string, day: string, documented: number, stale: number) =>
      upsertCoverageSnapshot(app.db, {
        repo_id: repoId,
        user_id: userId,
        day,
        commit_id: null,
        objects: 100,
        documented,
        generated: 0,
        stale,
        rule: 1,
        docs_revision: 1,
        taken_at: `${day}T10:00:00.000Z`,
      });
    await snap('cov-a', '2026-01-20', 10, 0); // before the range: carried into it
    await snap('cov-a', '2026-02-03', 60, 5);
    await snap('cov-a', '2026-02-03', 70, 4); // a later snapshot of the same day replaces it
    await snap('cov-b', '2026-02-04', 20, 1);

    const response = await get(user.token, 'coverage?from=2026-02-02&to=2026-02-05');
    expect(response.statusCode, response.body).toBe(200);
    const coverage = coverageMetricsSchema.parse(response.json());
    const byId = new Map(coverage.repositories.map((repo) => [repo.repo_id, repo]));
    const point = (documented: number, stale: number) => ({
      objects: 100,
      documented,
      generated: 0,
      stale,
    });
    expect(byId.get('cov-a')?.points).toEqual([
      point(10, 0),
      point(70, 4),
      point(70, 4),
      point(70, 4),
    ]);
    expect(byId.get('cov-b')?.points).toEqual([null, null, point(20, 1), point(20, 1)]);
    // not indexed: no current counts
    expect(byId.get('cov-b')?.current).toBeNull();
    const weekly = coverageMetricsSchema.parse(
      (await get(user.token, 'coverage?from=2026-01-26&to=2026-02-05&bucket=week')).json(),
    );
    expect(weekly.repositories.find((r) => r.repo_id === 'cov-a')?.points).toEqual([
      point(10, 0),
      point(70, 4),
    ]);
    const theirs = coverageMetricsSchema.parse(
      (await get(other.token, 'coverage?from=2026-02-02&to=2026-02-05')).json(),
    );
    expect(theirs.repositories.map((repo) => repo.repo_id)).not.toContain('cov-a');
    // a day counted before documented meant a usable summary shows no documented figure
    await upsertCoverageSnapshot(app.db, {
      repo_id: 'cov-a',
      user_id: userId,
      day: '2026-01-10',
      commit_id: null,
      objects: 100,
      documented: 100,
      generated: 0,
      stale: 0,
      rule: 0,
      docs_revision: 1,
      taken_at: '2026-01-10T10:00:00.000Z',
    });
    const older = coverageMetricsSchema.parse(
      (await get(user.token, 'coverage?from=2026-01-10&to=2026-01-10')).json(),
    );
    expect(older.repositories.find((r) => r.repo_id === 'cov-a')?.points).toEqual([
      { objects: 100, documented: null, generated: null, stale: 0 },
    ]);
  });

  it("pages the feed newest first, grouping one generation's files, with filters", async () => {
    const { app } = testApp;
    const user = await createVerifiedUser(app, 'feed@example.com');
    const userId = user.user.id;
    const minute = (n: number) => new Date(Date.UTC(2026, 6, 1, 9, n)).toISOString();
    await record({
      userId,
      kind: 'repo.connected',
      subject: 'r1',
      data: { name: 'lib' },
      at: minute(0),
    });
    for (let i = 1; i <= 4; i += 1) {
      await record({
        userId,
        kind: 'docs.generated',
        subject: 'r1',
        amount: 10,
        data: { task_id: 'task-1', file_path: `f${i}.ts`, objects: 2, fields: 10, kept: 0 },
        at: minute(i),
      });
    }
    await record({ userId, kind: 'doc.edited', subject: 'r1', at: minute(5) });
    await record({ userId, kind: 'compilation.created', subject: 'c1', at: minute(6) });
    await record({ userId: other.id, kind: 'compilation.created', subject: 'c2', at: minute(7) });

    const page = async (query: string) => {
      const response = await get(user.token, `events?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return activityFeedResponseSchema.parse(response.json());
    };
    const first = await page('limit=2');
    expect(first.events.map((e) => e.kind)).toEqual(['compilation.created', 'doc.edited']);
    const second = await page(`limit=2&cursor=${first.cursor}`);
    expect(second.events.map((e) => [e.kind, e.grouped, e.amount])).toEqual([
      ['docs.generated', 4, 40],
      ['repo.connected', 1, 1],
    ]);
    expect(second.events[0]!.data).toMatchObject({ files: 4, objects: 8, fields: 40 });
    expect(second.events[0]!.data.file_path).toBeUndefined();
    expect(second.cursor).toBeNull();

    const docs = await page('category=docs');
    expect(docs.events.map((e) => e.kind)).toEqual(['doc.edited', 'docs.generated']);
    const pockets = await page('category=pockets,repositories');
    expect(pockets.events.map((e) => e.subject)).toEqual(['c1', 'r1']);
    expect((await page('scope=c1')).events.map((e) => e.kind)).toEqual(['compilation.created']);
    expect((await get(user.token, 'events?category=nope')).statusCode).toBe(400);
    expect((await get(user.token, 'events?cursor=garbage')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/v1/activity/events' })).statusCode).toBe(
      401,
    );
  });

  it('tells which first-run steps are done', async () => {
    const { app } = testApp;
    const user = await createVerifiedUser(app, 'fresh@example.com');
    const answer = await get(user.token, 'checklist');
    expect(answer.json()).toEqual({
      steps: { connect: false, generate: false, pocket: false, site: false, share: false },
      done: false,
    });
    await app.inject({
      method: 'POST',
      url: '/api/v0/compilation',
      headers: bearer(user.token),
      payload: { name: 'First' },
    });
    expect((await get(user.token, 'checklist')).json().steps).toMatchObject({
      connect: false,
      pocket: true,
    });
  });

  it('purges activity past the retention, keeping each repository its latest snapshot', async () => {
    const { app } = testApp;
    const user = await createVerifiedUser(app, 'old@example.com');
    const userId = user.user.id;
    await app.db
      .insertInto('repos')
      .values({
        id: 'old-r',
        user_id: userId,
        url: 'https://example.com/o.git',
        name: 'o',
        method: 'https',
        status: 'connected',
      })
      .execute();
    const now = new Date('2026-09-01T00:00:00.000Z');
    await record({ userId, kind: 'repo.synced', subject: 'old-r', at: '2026-06-01T00:00:00.000Z' });
    await record({ userId, kind: 'repo.synced', subject: 'old-r', at: '2026-08-30T00:00:00.000Z' });
    for (const day of ['2026-05-01', '2026-05-02']) {
      await upsertCoverageSnapshot(app.db, {
        repo_id: 'old-r',
        user_id: userId,
        day,
        commit_id: null,
        objects: 1,
        documented: 1,
        generated: 0,
        stale: 0,
        rule: 1,
        docs_revision: 1,
        taken_at: `${day}T00:00:00.000Z`,
      });
    }
    expect(await purgeOldActivity(app.db, 0, now)).toBe(0);
    // everything before 2026-08-02 goes, for every user; the latest snapshot stays
    await purgeOldActivity(app.db, 30, now);
    const left = await app.db
      .selectFrom('events')
      .select('created_at')
      .where('user_id', '=', userId)
      .execute();
    expect(left.map((row) => new Date(row.created_at).toISOString())).toEqual([
      '2026-08-30T00:00:00.000Z',
    ]);
    expect(Number(await countRows('activity_daily', userId))).toBe(1);
    const snapshots = await app.db
      .selectFrom('coverage_snapshots')
      .select('day')
      .where('repo_id', '=', 'old-r')
      .execute();
    expect(snapshots).toEqual([{ day: '2026-05-02' }]);
  });
});
