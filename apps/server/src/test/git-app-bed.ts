import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '@codedocs/db';
import { afterAll } from 'vitest';
import type { App } from '../app';
import { startGitDaemon, type GitDaemon } from './git-daemon';
import { FAST_JOB_TIMINGS } from './jobs';
import { createTestApp, type TestApp } from './test-app';

/** What a suite over served git repositories works with once started. */
export interface GitAppBed {
  app: App;
  daemon: GitDaemon;
  testApp: TestApp;
}

/**
 * A temporary folder for fixture repositories, a `git daemon` serving it and the real app (fast
 * job timings, private addresses allowed) on a fresh database of the dialect. Call inside a
 * describe block: the suite writes its repositories under `root`, then calls `start()`; the app,
 * the daemon and the folder go away after the suite.
 */
export function useGitAppBed(dialect: Dialect, prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  let started: GitAppBed | undefined;
  afterAll(async () => {
    await started?.testApp.close();
    await started?.daemon.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    root,
    async start(): Promise<GitAppBed> {
      const daemon = await startGitDaemon(root);
      const testApp = await createTestApp(dialect, {
        allowPrivateNetwork: true,
        jobTimings: FAST_JOB_TIMINGS,
      }).catch(async (error: unknown) => {
        await daemon.stop();
        throw error;
      });
      started = { app: testApp.app, daemon, testApp };
      return started;
    },
  };
}
