import { livedocsFilesResponseSchema, repoListResponseSchema } from '@codedocs/contract';
import { describe, expect, it } from 'vitest';
import { useGitAppBed } from '../../test/git-app-bed';
import { fixtureGit } from '../../test/git-fixtures';
import { waitForTask } from '../../test/jobs';
import {
  connectAndWait,
  createImportedRepo,
  createRepoUser,
  getAs,
  syncRepo,
} from '../../test/repos';
import { testDialects } from '../../test/test-app';

const dialects = await testDialects();
const PACKAGES = 320;

describe.each(dialects)('identical files across lookup batches on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-identical-');

  // regression: one blob under many paths was read once per batch it fell in, so an incremental
  // index after a sync counted those files' objects twice
  it('count each file once after an incremental sync', async () => {
    const files: Record<string, string> = { 'main.py': 'def main():\n    return 1\n' };
    for (let i = 0; i < PACKAGES; i++) {
      files[`pkg${String(i).padStart(3, '0')}/__init__.py`] = 'def setup():\n    pass\n';
    }
    const bare = createImportedRepo(bed.root, 'same', files);
    const { app, daemon } = await bed.start();
    const user = await createRepoUser(app, 'same@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('same.git'),
    });
    const head = fixtureGit(bare, ['rev-parse', 'main']).trim();
    await waitForTask(app, `index:${repoId}:${head}`, user.id, ['succeeded']);
    // every file: its module object plus one function
    const expected = (PACKAGES + 1) * 2;
    const count = async () =>
      repoListResponseSchema.parse((await getAs(app, user, '/api/v0/repo')).json()).repos[0]!
        .object_count;
    expect(await count()).toBe(expected);

    // a new commit changing main.py only, written straight into the bare repository
    const blob = fixtureGit(
      bare,
      ['hash-object', '-w', '--stdin'],
      'def main():\n    return 2\n',
    ).trim();
    const tree = fixtureGit(bare, ['ls-tree', 'main'])
      .split('\n')
      .filter(Boolean)
      .map((line) =>
        line.endsWith('\tmain.py') ? line.replace(/blob [0-9a-f]+/, `blob ${blob}`) : line,
      )
      .join('\n');
    const newTree = fixtureGit(bare, ['mktree'], `${tree}\n`).trim();
    const commit = fixtureGit(
      bare,
      ['commit-tree', newTree, '-p', head, '-m', 'change main'],
      '',
    ).trim();
    fixtureGit(bare, ['update-ref', 'refs/heads/main', commit]);
    const synced = await syncRepo(app, user, repoId);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await count()).toBe(expected);
    const listed = livedocsFilesResponseSchema.parse(
      (await getAs(app, user, `/api/v0/livedocs/files/${repoId}`)).json(),
    );
    expect(listed.files).toHaveLength(PACKAGES + 1);
    // the synced commit's own index (built incrementally from the first) holds each file once
    const commits = (await getAs(app, user, `/api/v0/livedocs/commits/${repoId}`)).json() as {
      commits: { commit_id: string; object_count: number }[];
    };
    expect(commits.commits.map((c) => [c.commit_id, c.object_count]).sort()).toEqual(
      [
        [head, expected],
        [commit, expected],
      ].sort(),
    );
    expect(listed.files.reduce((n, f) => n + f.object_count, 0)).toBe(expected);
  });
});
