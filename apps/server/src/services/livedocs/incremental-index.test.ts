import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Reference } from '@codedocs/engine';
import { describe, expect, it } from 'vitest';
import { loadRepoReferences } from '../../repositories/code-index-repository';
import { useGitAppBed } from '../../test/git-app-bed';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, syncRepo } from '../../test/repos';
import { testDialects } from '../../test/test-app';
import { indexCommit } from './indexing';

const dialects = await testDialects();

const BASE = {
  'src/util.ts': 'export function helper() { return 1; }\nexport function keep() { return 2; }\n',
  'src/app.ts':
    "import { helper, keep } from './util';\nimport { later } from './later';\n" +
    'export function run() { return helper() + keep() + later(); }\n',
  'src/body.ts': "import { keep } from './util';\nexport function edited() { return keep(); }\n",
  'src/gone.ts': 'export function old() { return 3; }\n',
  'src/user.ts': "import { old } from './gone';\nexport function u() { return old(); }\n",
  'src/lib/index.ts': 'export function pick() { return 4; }\n',
  'src/picker.ts': "import { pick } from './lib';\nexport function p() { return pick(); }\n",
  'src/alone.ts': "import { keep } from './util';\nexport function a() { return keep(); }\n",
  'pkg/mod.py': 'def f():\n    return 1\n',
  'pkg/use.py': 'from pkg.mod import f\n\ndef g():\n    return f()\n',
};

/** A commit's stored references straight from the row (no cache), in file order. */
async function storedReferences(
  db: Parameters<typeof loadRepoReferences>[0],
  repoId: string,
  commitId: string,
): Promise<Reference[]> {
  const data = await loadRepoReferences(db, repoId, commitId);
  const refs = JSON.parse(gunzipSync(data!).toString('utf8')) as Reference[];
  return refs.sort((a, b) => (a.fromFile < b.fromFile ? -1 : a.fromFile > b.fromFile ? 1 : 0));
}

describe.each(dialects)('incremental indexing on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-incremental-');

  it('gives the references a full index of the commit gives, parsing only the changed files', async () => {
    const work = join(bed.root, 'inc-work');
    const bare = join(bed.root, 'inc.git');
    createFixtureRepo(bed.root, 'inc', BASE);
    const { app, daemon } = await bed.start();
    const user = await createRepoUser(app, 'incremental@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('inc.git'),
    });
    const first = fixtureGit(work, ['rev-parse', 'main']).trim();
    await waitForTask(app, `index:${repoId}:${first}`, user.id, ['succeeded']);

    // a rename importers see, an edit inside a body they do not, a deleted file, a file an
    // unresolved import now finds, and one an import now prefers over a directory's index
    const write = (path: string, text: string) => writeFileSync(join(work, path), text);
    write('src/util.ts', BASE['src/util.ts'].replace('helper', 'helper2'));
    write('src/body.ts', BASE['src/body.ts'].replace('return keep()', 'return keep() + 1'));
    rmSync(join(work, 'src/gone.ts'));
    write('src/later.ts', 'export function later() { return 5; }\n');
    write('src/lib.ts', 'export function pick() { return 6; }\n');
    write('pkg/mod.py', 'def f():\n    return 2\n\ndef h():\n    return 3\n');
    fixtureGit(work, ['add', '-A']);
    fixtureGit(work, ['commit', '-q', '-m', 'change']);
    fixtureGit(work, ['push', '-q', bare, 'main']);
    const synced = await syncRepo(app, user, repoId);
    expect(synced.statusCode, synced.body).toBe(200);
    const second = fixtureGit(work, ['rev-parse', 'main']).trim();
    const incremental = await storedReferences(app.db, repoId, second);

    // the same commit indexed from scratch (every model is stored by now, none is parsed)
    await app.db
      .deleteFrom('repo_indexes')
      .where('repo_id', '=', repoId)
      .where('commit_id', '=', second)
      .execute();
    const full = await indexCommit(
      { db: app.db, config: app.config, log: app.log, activity: app.activity },
      { repoId, commitId: second },
    );
    expect(full.mode).toBe('full');
    expect(full.parsed).toEqual([]);
    expect(incremental).toEqual(await storedReferences(app.db, repoId, second));

    const resolvedTo = (from: string, name: string) =>
      incremental.find((r) => r.fromFile === from && r.name === name && r.kind !== 'import')
        ?.toFile;
    expect(resolvedTo('src/app.ts', 'helper')).toBeUndefined();
    expect(resolvedTo('src/app.ts', 'later')).toBe('src/later.ts');
    expect(resolvedTo('src/user.ts', 'old')).toBeUndefined();
    expect(resolvedTo('src/picker.ts', 'pick')).toBe('src/lib.ts');
    expect(resolvedTo('src/alone.ts', 'keep')).toBe('src/util.ts');
    expect(resolvedTo('pkg/use.py', 'f')).toBe('pkg/mod.py');

    // a further one-file change, indexed here from the previous commit as a sync would (the
    // sync's own run is undone first, with the new file's stored model, so it is parsed again)
    write('src/alone.ts', BASE['src/alone.ts'].replace('keep()', 'keep() * 2'));
    fixtureGit(work, ['commit', '-q', '-am', 'one file']);
    const third = fixtureGit(work, ['rev-parse', 'HEAD']).trim();
    fixtureGit(work, ['push', '-q', bare, 'main']);
    expect((await syncRepo(app, user, repoId)).statusCode).toBe(200);
    const forget = async () => {
      await app.db
        .deleteFrom('repo_indexes')
        .where('repo_id', '=', repoId)
        .where('commit_id', '=', third)
        .execute();
    };
    await forget();
    const blob = fixtureGit(work, ['rev-parse', 'HEAD:src/alone.ts']).trim();
    await app.db
      .deleteFrom('file_indexes')
      .where('repo_id', '=', repoId)
      .where('blob_sha', '=', blob)
      .execute();
    const deps = { db: app.db, config: app.config, log: app.log, activity: app.activity };
    const oneFile = await indexCommit(deps, { repoId, commitId: third, baseCommit: second });
    expect(oneFile.mode).toBe('incremental');
    expect(oneFile.parsed).toEqual(['src/alone.ts']);
    const afterOne = await storedReferences(app.db, repoId, third);
    await forget();
    const again = await indexCommit(deps, { repoId, commitId: third });
    expect(again.mode).toBe('full');
    expect(again.objects).toBe(oneFile.objects);
    expect(afterOne).toEqual(await storedReferences(app.db, repoId, third));
  });
});
