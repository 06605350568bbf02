import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { filesPageSchema, repoListResponseSchema } from '@codedocs/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { findJob, listPendingJobsOfUser } from '../../repositories/jobs-repository';
import { addDotGitCommit, createDotGitRepo, createFsckQuirkRepo } from '../../test/fsck-fixtures';
import { createFixtureRepo } from '../../test/git-fixtures';
import { useGitAppBed } from '../../test/git-app-bed';
import type { GitAppBed } from '../../test/git-app-bed';
import { connectAndWait, createRepoUser, getAs, postConnect, syncRepo } from '../../test/repos';
import { testDialects } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)(
  'POST /api/v2/repo/connect rules and real-world histories on %s',
  (dialect) => {
    const bed = useGitAppBed(dialect, 'codedocs-connect-hardening-');
    let started: GitAppBed;

    beforeAll(async () => {
      createFsckQuirkRepo(bed.root, 'quirks');
      createDotGitRepo(bed.root, 'dotgit');
      started = await bed.start();
    });

    it('refuses percent-encoded control characters and privileged ports with 400 naming the rule, queueing nothing', async () => {
      const { app, daemon } = started;
      const user = await createRepoUser(app, 'rules@example.com');
      const cases: [string, string][] = [
        [`${daemon.url('quirks.git')}%0a`, 'percent-encoded control characters'],
        [`git://127.0.0.1:${daemon.port}/quirks%0D%0A.git`, 'percent-encoded control characters'],
        ['https://example.com/org/repo%00.git', 'percent-encoded control characters'],
        ['https://example.com/org/repo%7F.git', 'percent-encoded control characters'],
        ['git://127.0.0.1:25/quirks.git', 'port 25 is not allowed'],
        ['https://example.com:8/org/repo.git', 'port 8 is not allowed'],
      ];
      for (const [url, rule] of cases) {
        const response = await postConnect(app, user, { external_repo_url: url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ field: 'body.external_repo_url' });
        expect(response.json().message).toContain(`Repository URL refused: ${rule}`);
      }
      expect(await listPendingJobsOfUser(app.db, user.id, ['repo.connect'])).toEqual([]);
    });

    it('connects a history with zero-padded tree modes and a malformed time zone, and lists its files', async () => {
      const { app, daemon } = started;
      const user = await createRepoUser(app, 'quirks@example.com');
      const { repoId, task } = await connectAndWait(app, user, {
        external_repo_url: daemon.url('quirks.git'),
      });
      expect(task).toMatchObject({ status: 'succeeded', error: null });
      const files = filesPageSchema.parse(
        (await getAs(app, user, `/api/v3/repo/files/${repoId}`)).json(),
      );
      expect(files.files.map((file) => file.file_path)).toEqual(['README.md', 'src/app.py']);
    });

    it('still refuses a tree entry named .git, with a sentence naming the fsck message', async () => {
      const { app, daemon } = started;
      const user = await createRepoUser(app, 'dotgit@example.com');
      const { repoId, task } = await connectAndWait(app, user, {
        external_repo_url: daemon.url('dotgit.git'),
      });
      expect(task.status).toBe('failed');
      expect(task.error).toBe(
        "The repository's history could not be read: a tree contains a path named .git (hasDotgit)",
      );
      // A refusal is permanent: one attempt, nothing left on disk, no repository listed.
      expect(await findJob(app.db, task.task_id)).toMatchObject({ attempts: 1, status: 'failed' });
      expect(existsSync(join(app.config.dataDir, 'repos', `${repoId}.git`))).toBe(false);
      expect((await getAs(app, user, '/api/v0/repo')).json()).toEqual({ repos: [] });
    });

    it('refuses a fetched commit with a .git entry on sync: 502 with the sentence, the repo in error', async () => {
      const { app, daemon } = started;
      const user = await createRepoUser(app, 'sync-dotgit@example.com');
      const bare = createFixtureRepo(bed.root, 'turns-bad', { 'a.ts': 'export const a = 1;\n' });
      const { repoId, task } = await connectAndWait(app, user, {
        external_repo_url: daemon.url('turns-bad.git'),
      });
      expect(task.status).toBe('succeeded');
      addDotGitCommit(bare);
      const sentence =
        "The repository's history could not be read: a tree contains a path named .git (hasDotgit)";
      const synced = await syncRepo(app, user, repoId);
      expect(synced.statusCode).toBe(502);
      expect(synced.json().message).toBe(sentence);
      const repos = repoListResponseSchema.parse((await getAs(app, user, '/api/v0/repo')).json());
      expect(repos.repos[0]).toMatchObject({ repo_id: repoId, status: 'error', error: sentence });
    });
  },
);
