import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJobIfAbsent } from '../../repositories/jobs-repository';
import { insertRepo } from '../../repositories/repos-repository';
import { createRepoUser } from '../../test/repos';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { removeOrphanClones } from './orphan-clones';
import { reposRoot } from './repo-paths';

const dialects = await testDialects();

describe.each(dialects)('removing orphaned clone folders on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { jobWorkers: false });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps clones of existing repos and running connects, removes everything else', async () => {
    const { app, database } = testApp;
    const user = await createRepoUser(app, 'orphans@example.com');
    await insertRepo(app.db, {
      id: 'kept',
      user_id: user.id,
      url: 'https://example.com/kept.git',
      name: 'kept',
      method: 'https',
      ssh_key_name: null,
      default_branch: 'main',
      branch: 'main',
      head_commit: null,
      status: 'connected',
      error: null,
      last_synced_at: null,
    });
    await insertJobIfAbsent(app.db, {
      id: 'connect-busy',
      user_id: user.id,
      kind: 'repo.connect',
      payload: JSON.stringify({ repo_id: 'busy', url: 'https://example.com/busy.git' }),
    });
    const root = reposRoot(database.dataDir);
    const folders = [
      'kept.git',
      'busy.git',
      '.busy.git.clone-0a1b2c',
      'failed.git',
      '.crashed.git.clone-3d4e5f',
      '.kept.git.deleted-abcdef',
    ];
    for (const name of folders) mkdirSync(join(root, name, 'objects'), { recursive: true });
    writeFileSync(join(root, 'notes.txt'), 'not a clone\n');

    expect(await removeOrphanClones(app.db, database.dataDir)).toBe(3);

    expect(readdirSync(root).sort()).toEqual(
      ['.busy.git.clone-0a1b2c', 'busy.git', 'kept.git', 'notes.txt'].sort(),
    );
  });

  it('does nothing when no clone was ever made', async () => {
    const { app, database } = testApp;
    const empty = join(database.dataDir, 'elsewhere');
    expect(await removeOrphanClones(app.db, empty)).toBe(0);
    expect(existsSync(reposRoot(empty))).toBe(false);
  });
});
