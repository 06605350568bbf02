import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pendingJobPayloads } from '../../repositories/jobs-repository';
import { listExistingRepoIds } from '../../repositories/repos-repository';
import type { Db } from '../../repositories/db';
import { reposRoot } from './repo-paths';

/** `<id>.git` (a clone), `.<id>.git.clone-<hex>` (a clone under way) or `.<id>.git.deleted-<hex>`. */
const CLONE_NAME = /^(\.?)([A-Za-z0-9_-]+)\.git(?:\.(clone|deleted)-[0-9a-f]+)?$/;

/** The repo ids of connect tasks still queued or running: their clones are in use. */
async function connectingRepoIds(db: Db): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const payload of await pendingJobPayloads(db, 'repo.connect')) {
    try {
      const repoId = (JSON.parse(payload) as { repo_id?: unknown }).repo_id;
      if (typeof repoId === 'string') ids.add(repoId);
    } catch {
      // A payload that is not JSON belongs to no clone.
    }
  }
  return ids;
}

/**
 * Removes clone folders nothing owns any more: a connect that failed for good after retries, a
 * clone or delete cut short by a crash. A folder is kept while its repository exists (`<id>.git`)
 * or a connect task for it is queued or running (`<id>.git` and `.<id>.git.clone-*`). Returns how
 * many folders went.
 */
export async function removeOrphanClones(db: Db, dataDir: string): Promise<number> {
  const root = reposRoot(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  const parsed = names.flatMap((name) => {
    const match = CLONE_NAME.exec(name);
    return match?.[2] ? [{ name, repoId: match[2], kind: match[3] ?? 'clone-dir' }] : [];
  });
  if (parsed.length === 0) return 0;
  const connecting = await connectingRepoIds(db);
  const existing = await listExistingRepoIds(
    db,
    parsed.filter((entry) => entry.kind === 'clone-dir').map((entry) => entry.repoId),
  );
  const orphans = parsed.filter((entry) => {
    if (entry.kind === 'deleted') return true;
    if (connecting.has(entry.repoId)) return false;
    return entry.kind === 'clone' || !existing.has(entry.repoId);
  });
  await Promise.all(
    orphans.map((entry) => rm(join(root, entry.name), { recursive: true, force: true })),
  );
  return orphans.length;
}
