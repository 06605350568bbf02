import { randomBytes } from 'node:crypto';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder holding every bare clone: `${DATA_DIR}/repos`. */
export function reposRoot(dataDir: string): string {
  return join(dataDir, 'repos');
}

/** Where a repository's bare clone lives: `${DATA_DIR}/repos/<repo_id>.git`. */
export function repoDirectory(dataDir: string, repoId: string): string {
  return join(reposRoot(dataDir), `${repoId}.git`);
}

/**
 * Removes the hidden `.<repo_id>.git.clone-*` siblings a killed clone left behind, so a retried
 * connect starts clean and the disk does not fill with half-received packs.
 */
export async function removeStaleClones(dataDir: string, repoId: string): Promise<void> {
  const root = reposRoot(dataDir);
  const prefix = `.${repoId}.git.clone-`;
  const names = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix))
      .map((name) => rm(join(root, name), { recursive: true, force: true })),
  );
}

/**
 * Deletes a repository's clone: renamed aside first (one atomic step), so no job or request ever
 * reads a half-deleted repository, then removed. A missing clone is not an error.
 */
export async function removeRepoDirectory(dataDir: string, repoId: string): Promise<void> {
  const aside = join(
    reposRoot(dataDir),
    `.${repoId}.git.deleted-${randomBytes(6).toString('hex')}`,
  );
  try {
    await rename(repoDirectory(dataDir, repoId), aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  // A job still writing into the renamed folder can make one pass miss a new file.
  await rm(aside, { recursive: true, force: true, maxRetries: 3 });
}
