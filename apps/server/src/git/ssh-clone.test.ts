import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsealSshKey } from '../services/ssh-key-service';
import { bearer, createVerifiedUser } from '../test/accounts';
import { createFixtureRepo } from '../test/git-fixtures';
import { startSshd, sshdAvailable } from '../test/sshd';
import type { TestSshd } from '../test/sshd';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { GitError } from './git-error';
import { parseRepoUrl, validateRepoUrl } from './repo-url';
import { cloneRepository, fetchRepository, listBranches } from './repository';
import { knownHostsPath, recordedHostKeys } from './ssh-transport';

const policy = { allowLocal: false, allowPrivateNetwork: true };
const limits = { timeoutMs: 30_000, maxRepoBytes: 64 * 1024 * 1024, allowFile: false };

// `.ci/run` installs openssh-server, so in CI a missing sshd is a failure, elsewhere a skip.
if (process.env.CI && !sshdAvailable)
  throw new Error('/usr/sbin/sshd is missing (apt-get install openssh-server)');

describe.skipIf(!sshdAvailable)(
  'cloning over ssh from a real sshd with a key generated through the API',
  () => {
    let root: string;
    let sshd: TestSshd;
    let testApp: TestApp;
    let userId: string;
    let repoPath: string;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'codedocs-ssh-'));
      mkdirSync(join(root, 'repos'));
      repoPath = createFixtureRepo(
        join(root, 'repos'),
        'r',
        { 'a.txt': 'a\n' },
        { dev: { 'b.txt': 'b\n' } },
      );
      sshd = await startSshd(join(root, 'sshd'));
      testApp = await createTestApp('sqlite');
      const session = await createVerifiedUser(testApp.app, 'ssh@example.com');
      userId = session.user.id;
      const generated = await testApp.app.inject({
        method: 'POST',
        url: '/api/v0/user/ssh-key/generate',
        headers: bearer(session.token),
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

    it('clones, records the host key on first use, and refuses a changed host key', async () => {
      const key = await unsealSshKey(testApp.app.services, userId, 'deploy');
      const knownHostsFile = knownHostsPath(testApp.app.config.dataDir, userId);
      const url = await validateRepoUrl(
        `ssh://${sshd.user}@127.0.0.1:${sshd.port}${repoPath}`,
        policy,
      );
      const destination = join(root, 'clone');
      const cloned = await cloneRepository({
        ...limits,
        url,
        destination,
        sshKey: key,
        knownHostsFile,
      });
      expect(cloned.hostKeyFingerprints).toEqual([sshd.hostKeyFingerprint()]);
      expect((await listBranches(destination, limits)).map((branch) => branch.name)).toEqual([
        'dev',
        'main',
      ]);

      const fetched = await fetchRepository({
        ...limits,
        url,
        repoDir: destination,
        sshKey: key,
        knownHostsFile,
      });
      expect(fetched.changed).toBe(false);

      const recorded = sshd.hostKeyFingerprint();
      await sshd.changeHostKey();
      const error = await fetchRepository({
        ...limits,
        url,
        repoDir: destination,
        sshKey: key,
        knownHostsFile,
      }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(GitError);
      expect((error as GitError).failure).toBe('host_key_changed');
      expect((error as GitError).message).toMatch(/host key .* has changed/);
      expect(`${(error as GitError).message}${(error as GitError).stderr}`).not.toContain(
        'PRIVATE KEY',
      );
      // The first recorded key stays the one trusted.
      expect(
        (await import('./ssh-transport')).recordedHostKeys(knownHostsFile, '127.0.0.1', sshd.port),
      ).toEqual([recorded]);
    });

    it('connects to the pinned address, not the name, and checks the host key under the name', async () => {
      const key = await unsealSshKey(testApp.app.services, userId, 'deploy');
      // A fresh file: the test above changed the server's host key.
      const knownHostsFile = join(root, 'pinned_known_hosts');
      // What validateRepoUrl returns for a name that resolved to (public) 127.0.0.1 at check time.
      const unpinned = parseRepoUrl(
        `ssh://${sshd.user}@pinned.invalid:${sshd.port}${repoPath}`,
        policy,
      );
      const url = { ...unpinned, addresses: ['127.0.0.1'] };
      const destination = join(root, 'pinned-clone');
      const cloned = await cloneRepository({
        ...limits,
        url,
        destination,
        sshKey: key,
        knownHostsFile,
      });
      expect(cloned.hostKeyFingerprints).toEqual([sshd.hostKeyFingerprint()]);
      expect(recordedHostKeys(knownHostsFile, 'pinned.invalid', sshd.port)).toEqual([
        sshd.hostKeyFingerprint(),
      ]);
      // Recorded under the name only: the address plays no part in host key checks.
      expect(readFileSync(knownHostsFile, 'utf8')).not.toContain('127.0.0.1');

      const unresolved = await cloneRepository({
        ...limits,
        url: unpinned,
        destination: join(root, 'unpinned-clone'),
        sshKey: key,
        knownHostsFile,
      }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(unresolved).toBeInstanceOf(GitError);
      expect((unresolved as GitError).stderr).toMatch(/Could not resolve hostname pinned\.invalid/);

      const recorded = sshd.hostKeyFingerprint();
      await sshd.changeHostKey();
      const changed = await fetchRepository({
        ...limits,
        url,
        repoDir: destination,
        sshKey: key,
        knownHostsFile,
      }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(changed).toBeInstanceOf(GitError);
      expect((changed as GitError).failure).toBe('host_key_changed');
      expect(recordedHostKeys(knownHostsFile, 'pinned.invalid', sshd.port)).toEqual([recorded]);
    });

    it('fails without the authorised key', async () => {
      const url = await validateRepoUrl(
        `ssh://${sshd.user}@127.0.0.1:${sshd.port}${repoPath}`,
        policy,
      );
      const error = await cloneRepository({
        ...limits,
        url,
        destination: join(root, 'no-key'),
      }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(GitError);
    });
  },
);
