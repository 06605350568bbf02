import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { waitForPort } from './git-daemon';
import { freePort } from './git-fixtures';

export const SSHD = '/usr/sbin/sshd';

/** A real OpenSSH server run as the current user on a free port (TESTING.md recipe). */
export interface TestSshd {
  port: number;
  user: string;
  /** The SHA256 fingerprint of the current host key. */
  hostKeyFingerprint(): string;
  authorize(publicKey: string): void;
  /** Replaces the host key and restarts, as a man in the middle would look. */
  changeHostKey(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSshd(dir: string): Promise<TestSshd> {
  try {
    // sshd run as root wants its privilege-separation folder; as another user it is not needed.
    mkdirSync('/run/sshd', { recursive: true });
  } catch {
    // Not root: nothing to prepare.
  }
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const hostKey = join(dir, 'hostkey');
  const authorizedKeys = join(dir, 'authorized_keys');
  writeFileSync(authorizedKeys, '', { mode: 0o600 });
  const newHostKey = () => {
    rmSync(hostKey, { force: true });
    rmSync(`${hostKey}.pub`, { force: true });
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  };
  newHostKey();
  writeFileSync(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      'StrictModes no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'PermitRootLogin prohibit-password',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(SSHD, ['-D', '-f', join(dir, 'sshd_config'), '-E', join(dir, 'sshd.log')], {
      stdio: 'ignore',
    });
    await waitForPort(port);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  await start();
  return {
    port,
    user: userInfo().username,
    hostKeyFingerprint: () =>
      execFileSync('ssh-keygen', ['-lf', `${hostKey}.pub`], { encoding: 'utf8' }).split(' ')[1] ??
      '',
    authorize: (publicKey) =>
      writeFileSync(authorizedKeys, `${readFileSync(authorizedKeys, 'utf8')}${publicKey}\n`),
    changeHostKey: async () => {
      await stop();
      newHostKey();
      await start();
    },
    stop,
  };
}

/** Whether the sshd tests can run here (`.ci/run` installs openssh-server when it is missing). */
export const sshdAvailable = existsSync(SSHD);
