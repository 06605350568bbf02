import { existsSync } from 'node:fs';
import {
  cloneRepository,
  defaultBranch,
  listBranches,
  listTree,
  recordedHostKeys,
  resolveHead,
} from '../../git/index';
import { findRepo, findRepoByUrl, insertRepo } from '../../repositories/repos-repository';
import { nowIso } from '../context';
import { queueIndexing } from '../livedocs/index-after-move';
import { scriptLanguages, storeListing } from './listing';
import { localGit, toJobFailure, transferOptions } from './repo-git';
import { removeRepoDirectory, removeStaleClones, repoDirectory } from './repo-paths';
import { repoNameFromUrl } from './repo-web';
import { recordEvent } from '../activity/record-event';
import type { RepoConnectPayload } from '../../jobs/definitions/repo-connect';
import { PermanentJobError } from '../../jobs/job-definition';
import type { JobHandler } from '../../jobs/job-definition';
import type { JobServiceContext as JobDeps } from '../job-context';

const STEPS = 4;

/**
 * Clones the repository and stores the repos row, the files of its head commit and the
 * `repo_commits` row in one transaction. Idempotent: a repo row already stored means an earlier
 * attempt finished; a complete clone left by a crashed attempt is reused; half-made clone
 * siblings are removed first.
 */
export function repoConnectHandler(deps: JobDeps): JobHandler<RepoConnectPayload> {
  return async ({ payload, userId, signal, reportProgress }) => {
    const { repo_id: repoId } = payload;
    if (userId === null) throw new PermanentJobError('A repository task needs an owner');
    if (await findRepo(deps.db, repoId)) return { repo_id: repoId };
    const dir = repoDirectory(deps.config.dataDir, repoId);
    const local = localGit(deps.config, signal);
    try {
      await reportProgress(0, STEPS, 'Cloning the repository');
      const transfer = await transferOptions(
        deps,
        userId,
        { url: payload.url, method: payload.method, sshKeyName: payload.ssh_key_name },
        signal,
      );
      await removeStaleClones(deps.config.dataDir, repoId);
      let fingerprints: string[];
      if (existsSync(dir)) {
        fingerprints = transfer.knownHostsFile
          ? recordedHostKeys(transfer.knownHostsFile, transfer.url.host, transfer.url.port)
          : [];
      } else {
        ({ hostKeyFingerprints: fingerprints } = await cloneRepository({
          ...transfer,
          destination: dir,
        }));
      }
      await reportProgress(1, STEPS, 'Listing files');
      const branches = await listBranches(dir, local);
      const fallback = (await defaultBranch(dir, local)) ?? branches[0]?.name ?? null;
      if (fallback === null) throw new PermanentJobError('The repository has no branches yet');
      const branch = payload.branch ?? fallback;
      if (!branches.some((candidate) => candidate.name === branch)) {
        throw new PermanentJobError(`The branch ${branch} does not exist in this repository`);
      }
      const head = await resolveHead(dir, { ...local, branch });
      const entries = await listTree(dir, head, local);
      const scripts = await scriptLanguages(dir, entries, local);
      await reportProgress(2, STEPS, `Storing ${entries.length} files`);
      signal.throwIfAborted();
      const now = nowIso();
      await storeListing(deps.db, { repoId, commitId: head, entries, scripts }, async (trx) => {
        // Another connect of the same URL won the race past the route's check (the unique
        // index stops a second row either way; this names the reason).
        if (await findRepoByUrl(trx, userId, payload.url)) {
          throw new PermanentJobError('This repository is already connected');
        }
        await insertRepo(trx, {
          id: repoId,
          user_id: userId,
          url: payload.url,
          name: repoNameFromUrl(payload.url),
          method: payload.method,
          ssh_key_name: transfer.sshKeyName,
          default_branch: fallback,
          branch,
          head_commit: head,
          status: 'connected',
          error: null,
          last_synced_at: now,
          host_key_fingerprint: fingerprints[0] ?? null,
          created_at: now,
          updated_at: now,
        });
        await recordEvent(deps, trx, {
          userId,
          kind: 'repo.connected',
          subject: repoId,
          data: { name: repoNameFromUrl(payload.url), url: payload.url, branch },
        });
        return true;
      });
      // The code is read as its own task (with its own progress): the repository is usable
      // (files, branches) while the engine works.
      await queueIndexing(deps, userId, repoId, head);
      await reportProgress(STEPS, STEPS, 'Connected');
      return { repo_id: repoId };
    } catch (error) {
      if (signal.aborted) throw error;
      const failure = toJobFailure(error);
      // A refused connect leaves nothing behind; a retryable one keeps its clone for the retry.
      if (failure instanceof PermanentJobError && !(await findRepo(deps.db, repoId))) {
        await removeRepoDirectory(deps.config.dataDir, repoId).catch(() => undefined);
      }
      throw failure;
    }
  };
}
