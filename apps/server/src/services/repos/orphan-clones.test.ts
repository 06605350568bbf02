import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJobIfAbsent } from '../../repositories/jobs-repository';
import { createJobRuntime } from '../../jobs/job-runtime';
import { insertRepo } from '../../repositories/repos-repository';
import { createRepoUser } from '../../test/repos';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { removeOrphanClones, startCloneSweep } from './orphan-clones';
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

  it("sweeps another node's own DATA_DIR: clones of deleted repositories go, at start and then periodically", async () => {
    const { app, database } = testApp;
    const user = await createRepoUser(app, 'nodes@example.com');
    const repo = (id: string) => ({
      id,
      user_id: user.id,
      url: `https://example.com/${id}.git`,
      name: id,
      method: 'https' as const,
      ssh_key_name: null,
      default_branch: 'main',
      branch: 'main',
      head_commit: null,
      status: 'connected' as const,
      error: null,
      last_synced_at: null,
    });
    await insertRepo(app.db, repo('stays'));
    await insertRepo(app.db, repo('later'));
    // a worker node with a DATA_DIR of its own, its cache holding clones the API node deleted
    const nodeDir = mkdtempSync(join(tmpdir(), 'codedocs-node-b-'));
    const root = reposRoot(nodeDir);
    for (const name of [
      'stays.git',
      'later.git',
      'deleted-on-api.git',
      '.stays.git.clone-0a0a0a',
    ]) {
      mkdirSync(join(root, name, 'objects'), { recursive: true });
    }
    // a clone of `stays` cut short by a crash a day ago, and one under way now (kept)
    mkdirSync(join(root, '.stays.git.clone-1b1b1b', 'objects'), { recursive: true });
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
    utimesSync(join(root, '.stays.git.clone-1b1b1b'), dayAgo, dayAgo);
    const node = createJobRuntime({
      db: app.db,
      dialect: database.dialect,
      config: { ...app.config, dataDir: nodeDir },
      log: app.log,
      runWorkers: false,
      listen: false,
    });
    try {
      await node.start();
      await expect
        .poll(() => readdirSync(root).sort())
        .toEqual(['.stays.git.clone-0a0a0a', 'later.git', 'stays.git']);
    } finally {
      await node.stop();
    }
    // later sweeps find what was deleted since
    const stop = startCloneSweep(
      { db: app.db, config: { ...app.config, dataDir: nodeDir }, log: app.log },
      50,
    );
    try {
      await app.db.deleteFrom('repos').where('id', '=', 'later').execute();
      await expect
        .poll(() => readdirSync(root).sort())
        .toEqual(['.stays.git.clone-0a0a0a', 'stays.git']);
    } finally {
      await stop();
      rmSync(nodeDir, { recursive: true, force: true });
    }
  });

  it('does nothing when no clone was ever made', async () => {
    const { app, database } = testApp;
    const empty = join(database.dataDir, 'elsewhere');
    expect(await removeOrphanClones(app.db, empty)).toBe(0);
    expect(existsSync(reposRoot(empty))).toBe(false);
  });
});
