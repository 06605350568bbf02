import { existsSync } from 'node:fs';
import type { Config } from '../../config';
import { cloneRepository } from '../../git/index';
import { PermanentJobError } from '../../jobs/job-definition';
import type { Db } from '../../repositories/db';
import { findRepo } from '../../repositories/repos-repository';
import { toJobFailure, transferOptions } from './repo-git';
import { removeRepoDirectory, repoDirectory } from './repo-paths';

/** Clones under way in this process, by directory: concurrent readers wait for the same one. */
const recloning = new Map<string, Promise<void>>();

/**
 * The repository's bare clone on this node (DESIGN.md section 2: git mirrors are a per-node cache
 * any node can re-create). A node that lacks it (another worker connected the repository, or
 * the disk was replaced) clones it again from the remote, with the same URL checks, limits and
 * key as the connect; an ssh host whose key differs from the one recorded at connect is refused.
 */
export async function mirrorOf(
  deps: { db: Db; config: Config },
  repoId: string,
  signal?: AbortSignal,
): Promise<string> {
  const dir = repoDirectory(deps.config.dataDir, repoId);
  if (existsSync(dir)) return dir;
  let pending = recloning.get(dir);
  if (!pending) {
    pending = reclone(deps, repoId, dir, signal).finally(() => recloning.delete(dir));
    recloning.set(dir, pending);
  }
  await pending;
  return dir;
}

async function reclone(
  deps: { db: Db; config: Config },
  repoId: string,
  dir: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const repo = await findRepo(deps.db, repoId);
  if (!repo) throw new PermanentJobError('The repository was deleted');
  let fingerprints: string[];
  try {
    const transfer = await transferOptions(
      deps,
      repo.user_id,
      { url: repo.url, method: repo.method, sshKeyName: repo.ssh_key_name },
      signal ?? AbortSignal.timeout(deps.config.gitTimeoutMs),
    );
    ({ hostKeyFingerprints: fingerprints } = await cloneRepository({
      ...transfer,
      destination: dir,
    }));
  } catch (error) {
    // another process sharing this disk may have made it meanwhile
    if (existsSync(dir)) return;
    throw toJobFailure(error);
  }
  if (repo.host_key_fingerprint && !fingerprints.includes(repo.host_key_fingerprint)) {
    await removeRepoDirectory(deps.config.dataDir, repoId);
    throw new PermanentJobError(
      `The host key of ${repo.url} is not the one recorded when the repository was connected`,
    );
  }
}
