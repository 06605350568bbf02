import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { livedocsFilesResponseSchema, livedocsMetadataResponseSchema } from '@codedocs/contract';
import { describe, expect, it } from 'vitest';
import { useGitAppBed } from '../../test/git-app-bed';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, syncRepo } from '../../test/repos';
import { testDialects } from '../../test/test-app';

const dialects = await testDialects();

const DEPLOY = `#!/usr/bin/env python3
"""Deploys the site."""


def main(target="prod"):
    """Uploads everything to the target."""
    return target
`;

const RELEASE = `#!/bin/bash
# Tags a release.
tag_release() {
  git tag "$1"
}
`;

describe.each(dialects)('extension-less scripts on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-scripts-');

  it('are indexed by their #! line after a connect and after a sync', async () => {
    const { root } = bed;
    const work = join(root, 'tools-work');
    const bare = join(root, 'tools.git');
    createFixtureRepo(root, 'tools', {
      'bin/deploy': DEPLOY,
      // executable but no #! line, and a #! line in a file that is not executable: both unknown
      'bin/notes': 'Remember the milk.\n',
      NOTES: '#!/usr/bin/env python3\nnot a script\n',
      'lib.py': 'def helper():\n    return 1\n',
    });
    fixtureGit(work, ['update-index', '--chmod=+x', 'bin/deploy', 'bin/notes']);
    fixtureGit(work, ['commit', '-q', '-m', 'executable scripts']);
    fixtureGit(work, ['push', '-q', bare, 'main']);
    const { app, daemon } = await bed.start();
    const user = await createRepoUser(app, 'scripts@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('tools.git'),
    });
    const languages = async () => {
      const head = fixtureGit(work, ['rev-parse', 'main']).trim();
      const rows = await app.db
        .selectFrom('files')
        .select(['path', 'language'])
        .where('repo_id', '=', repoId)
        .where('commit_id', '=', head)
        .orderBy('path')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.path, r.language]));
    };
    expect(await languages()).toEqual({
      NOTES: null,
      'bin/deploy': 'python',
      'bin/notes': null,
      'lib.py': 'python',
    });
    const head = fixtureGit(work, ['rev-parse', 'main']).trim();
    await waitForTask(app, `index:${repoId}:${head}`, user.id, ['succeeded']);
    const objects = async () =>
      livedocsMetadataResponseSchema
        .parse((await getAs(app, user, `/api/v0/livedocs/metadata/${repoId}`)).json())
        .metadata.files.flatMap((f) => f.objects.map((o) => `${f.file_path}: ${o.name}`));
    expect(await objects()).toEqual(expect.arrayContaining(['bin/deploy: main', 'lib.py: helper']));

    // a sync brings a new script: the changed path is read, the copied ones keep their language
    writeFileSync(join(work, 'bin/release'), RELEASE);
    chmodSync(join(work, 'bin/release'), 0o755);
    fixtureGit(work, ['add', 'bin/release']);
    fixtureGit(work, ['commit', '-q', '-m', 'release script']);
    fixtureGit(work, ['push', '-q', bare, 'main']);
    const synced = await syncRepo(app, user, repoId);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await languages()).toEqual({
      NOTES: null,
      'bin/deploy': 'python',
      'bin/notes': null,
      'bin/release': 'bash',
      'lib.py': 'python',
    });
    const files = livedocsFilesResponseSchema.parse(
      (await getAs(app, user, `/api/v0/livedocs/files/${repoId}`)).json(),
    );
    expect(files.files.map((f) => f.file_path)).toEqual(['bin/deploy', 'bin/release', 'lib.py']);
    expect(await objects()).toEqual(expect.arrayContaining(['bin/release: tag_release']));
  });
});
