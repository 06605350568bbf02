import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './git-fixtures';

/** A real `git daemon` serving `baseDir` on 127.0.0.1 (TESTING.md recipe). */
export interface GitDaemon {
  port: number;
  /** git://127.0.0.1:<port>/<name> */
  url(name: string): string;
  stop(): Promise<void>;
}

async function waitForPort(port: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startGitDaemon(baseDir: string): Promise<GitDaemon> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'git',
    [
      'daemon',
      '--export-all',
      '--reuseaddr',
      '--listen=127.0.0.1',
      `--port=${port}`,
      `--base-path=${baseDir}`,
      baseDir,
    ],
    {
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
      },
    },
  );
  await waitForPort(port);
  return {
    port,
    url: (name) => `git://127.0.0.1:${port}/${name}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export { waitForPort };
