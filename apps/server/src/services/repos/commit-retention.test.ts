import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { livedocsMetadataResponseSchema } from '@codedocs/contract';
import { describe, expect, it } from 'vitest';
import { listListedCommits } from '../../repositories/repos-repository';
import { useGitAppBed } from '../../test/git-app-bed';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, syncRepo } from '../../test/repos';
import { testDialects } from '../../test/test-app';
import { KEEP_RECENT_COMMITS, pruneOldCommits } from './commit-retention';

const dialects = await testDialects();
const SYNCS = 14;

describe.each(dialects)('pruning old commits on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-retention-');

  it('keeps the current, the recent and the documented commits, and only their models', async () => {
    const { root } = bed;
    const source = (n: number) => `export function step(): number {\n  return ${n};\n}\n`;
    createFixtureRepo(root, 'hist', {
      'a.ts': source(0),
      'b.ts': 'export const same = 1;\n',
    });
    const work = join(root, 'hist-work');
    const { app, daemon } = await bed.start();
    const user = await createRepoUser(app, 'history@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('hist.git'),
    });
    const commits = [fixtureGit(work, ['rev-parse', 'main']).trim()];
    await waitForTask(app, `index:${repoId}:${commits[0]}`, user.id, ['succeeded']);
    const step = async () => {
      const response = await getAs(app, user, `/api/v0/livedocs/metadata/${repoId}`);
      return livedocsMetadataResponseSchema
        .parse(response.json())
        .metadata.files.flatMap((f) => f.objects)
        .find((o) => o.qualified_name === 'step')!;
    };

    for (let n = 1; n <= SYNCS; n++) {
      writeFileSync(join(work, 'a.ts'), source(n));
      fixtureGit(work, ['commit', '-q', '-am', `step ${n}`]);
      fixtureGit(work, ['push', '-q', join(root, 'hist.git'), 'main']);
      commits.push(fixtureGit(work, ['rev-parse', 'main']).trim());
      const synced = await syncRepo(app, user, repoId);
      expect(synced.statusCode, synced.body).toBe(200);
      if (n === 1) {
        // a doc written at the second commit: its diff will need that commit's code
        const saved = await postAs(app, user, '/api/v0/livedocs/save', {
          repo_id: repoId,
          object_id: (await step()).object_id,
          field_id: 'summary',
          doc: 'Returns the step.',
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
    }
    expect(await listListedCommits(app.db, repoId)).toHaveLength(SYNCS + 1);

    const removed = await pruneOldCommits(app.db);
    const keptRecent = commits.slice(-KEEP_RECENT_COMMITS);
    const expected = [commits[1]!, ...keptRecent].sort();
    expect(removed).toBe(SYNCS + 1 - expected.length);
    expect((await listListedCommits(app.db, repoId)).sort()).toEqual(expected);
    const indexed = await app.db
      .selectFrom('repo_indexes')
      .select('commit_id')
      .where('repo_id', '=', repoId)
      .execute();
    expect(indexed.map((r) => r.commit_id).sort()).toEqual(expected);
    const fileRows = await app.db
      .selectFrom('files')
      .select('commit_id')
      .distinct()
      .where('repo_id', '=', repoId)
      .execute();
    expect(fileRows.map((r) => r.commit_id).sort()).toEqual(expected);
    // a.ts models of kept commits only; b.ts never changed and keeps its one model
    const models = await app.db
      .selectFrom('file_indexes')
      .select(['path'])
      .where('repo_id', '=', repoId)
      .execute();
    expect(models.filter((m) => m.path === 'a.ts')).toHaveLength(expected.length);
    expect(models.filter((m) => m.path === 'b.ts')).toHaveLength(1);

    // the stale doc still shows its diff from the kept commit; a pruned commit is gone
    const object = await getAs(
      app,
      user,
      `/api/v0/livedocs/object/${repoId}?object_id=${(await step()).object_id}`,
    );
    expect(object.json().object.stale.diff).toContain('-  return 1;');
    expect(object.json().object.stale.diff).toContain(`+  return ${SYNCS};`);
    const pruned = await getAs(
      app,
      user,
      `/api/v0/livedocs/files/${repoId}?commit_id=${commits[2]}`,
    );
    expect(pruned.statusCode).toBe(404);
    expect(await pruneOldCommits(app.db)).toBe(0);
    // fifteen commits pushed, synced and indexed one after another: 9–12 s alone, and three
    // times that beside the other suites on a busy two-core machine
  }, 120_000);
});
