import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesPageSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../jobs/job-definition';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo } from '../../test/git-fixtures';
import { connectAndWait, createRepoUser, getAs, syncRepo, type RepoUser } from '../../test/repos';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mirrorOf } from './mirror';
import { repoDirectory } from './repo-paths';

/**
 * Issue 23: git mirrors are a per-node cache. A node without a repository's clone (another node
 * connected it, or its disk was replaced) makes one from the remote when it first needs it.
 */
describe('a repository mirror missing on this node', () => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let user: RepoUser;
  let repoId: string;
  const app = () => testApp.app;
  const dir = () => repoDirectory(app().config.dataDir, repoId);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-mirror-'));
    createFixtureRepo(root, 'tools', {
      'src/tool.ts': 'export function tool(): number {\n  return 1;\n}\n',
    });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp('sqlite', { allowPrivateNetwork: true });
    user = await createRepoUser(app(), 'mirror@example.com');
    const connected = await connectAndWait(app(), user, {
      external_repo_url: daemon.url('tools.git'),
    });
    expect(connected.task.status, connected.task.error ?? '').toBe('succeeded');
    repoId = connected.repoId;
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('is cloned again for a file read, a branch list and a sync', async () => {
    const page = filesPageSchema.parse(
      (await getAs(app(), user, `/api/v3/repo/files/${repoId}`)).json(),
    );
    const file = page.files.find((f) => f.file_path === 'src/tool.ts')!;

    rmSync(dir(), { recursive: true, force: true });
    const content = await getAs(
      app(),
      user,
      `/api/v0/file/content/${repoId}?file_id=${file.file_id}`,
    );
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json<{ content: string }>().content).toContain('export function tool');
    expect(existsSync(dir())).toBe(true);

    rmSync(dir(), { recursive: true, force: true });
    const branches = await getAs(app(), user, `/api/v0/repo/${repoId}/branches`);
    expect(branches.statusCode, branches.body).toBe(200);
    expect(branches.body).toContain('main');

    rmSync(dir(), { recursive: true, force: true });
    const synced = await syncRepo(app(), user, repoId);
    expect([200, 304], synced.body).toContain(synced.statusCode);
    expect(existsSync(dir())).toBe(true);
  });

  it('is made once for readers asking at the same time, and never for a deleted repository', async () => {
    rmSync(dir(), { recursive: true, force: true });
    const answers = await Promise.all([1, 2, 3].map(() => mirrorOf(app().services, repoId)));
    expect(new Set(answers)).toEqual(new Set([dir()]));
    await expect(mirrorOf(app().services, 'no-such-repo')).rejects.toBeInstanceOf(
      PermanentJobError,
    );
  });
});
