import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesPageSchema, repoListResponseSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts';
import { createFixtureRepo } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs } from '../../test/repos';
import type { RepoUser } from '../../test/repos';
import { startSshd, sshdAvailable } from '../../test/sshd';
import type { TestSshd } from '../../test/sshd';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

// `.ci/run` installs openssh-server, so in CI a missing sshd is a failure, elsewhere a skip.
if (process.env.CI && !sshdAvailable)
  throw new Error('/usr/sbin/sshd is missing (apt-get install openssh-server)');

describe.skipIf(!sshdAvailable).each(dialects)(
  'connecting over ssh with a key generated through the API on %s',
  (dialect) => {
    let root: string;
    let sshd: TestSshd;
    let testApp: TestApp;
    let user: RepoUser;
    let url: string;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'codedocs-ssh-connect-'));
      mkdirSync(join(root, 'repos'));
      const repoPath = createFixtureRepo(join(root, 'repos'), 'r', { 'a.py': 'print(1)\n' });
      sshd = await startSshd(join(root, 'sshd'));
      url = `ssh://${sshd.user}@127.0.0.1:${sshd.port}${repoPath}`;
      testApp = await createTestApp(dialect, {
        allowPrivateNetwork: true,
        jobTimings: FAST_JOB_TIMINGS,
      });
      user = await createRepoUser(testApp.app, 'ssh@example.com');
      const generated = await testApp.app.inject({
        method: 'POST',
        url: '/api/v0/user/ssh-key/generate',
        headers: bearer(user.token),
        payload: { name: 'deploy', algorithm: 'ed25519' },
      });
      expect(generated.statusCode).toBe(201);
      sshd.authorize(generated.json().public_key);
    });

    afterAll(async () => {
      await sshd?.stop();
      await testApp?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('clones with the newest key, shows the host key, and refuses a changed one', async () => {
      const { app } = testApp;
      const { repoId, task } = await connectAndWait(app, user, {
        external_repo_url: url,
        method: 'ssh',
      });
      expect(task).toMatchObject({ status: 'succeeded', result: { repo_id: repoId } });
      const repos = repoListResponseSchema.parse((await getAs(app, user, '/api/v0/repo')).json());
      expect(repos.repos).toEqual([
        expect.objectContaining({
          repo_id: repoId,
          name: 'r',
          method: 'ssh',
          ssh_key_name: 'deploy',
          host_key_fingerprint: sshd.hostKeyFingerprint(),
          status: 'connected',
        }),
      ]);
      expect(repos.repos[0]?.host_key_fingerprint).toMatch(/^SHA256:/);
      const files = filesPageSchema.parse(
        (await getAs(app, user, `/api/v3/repo/files/${repoId}`)).json(),
      );
      expect(files.files.map((file) => [file.file_path, file.language])).toEqual([
        ['a.py', 'python'],
      ]);
      const unchanged = await postAs(app, user, '/api/v0/repo/sync', { repo_id: repoId });
      expect(unchanged.statusCode).toBe(304);

      await sshd.changeHostKey();
      const refused = await postAs(app, user, '/api/v0/repo/sync', { repo_id: repoId });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toContain('host key');
      const after = repoListResponseSchema.parse((await getAs(app, user, '/api/v0/repo')).json());
      expect(after.repos[0]).toMatchObject({ status: 'error', error: refused.json().message });
    });
  },
);
