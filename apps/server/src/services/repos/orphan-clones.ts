import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pendingJobPayloads } from '../../repositories/jobs-repository';
import { listExistingRepoIds } from '../../repositories/repos-repository';
import type { FastifyBaseLogger } from 'fastify';
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
 * Removes clone folders nothing owns any more: clones of repositories deleted (on this node or
 * another: each node's DATA_DIR is its own cache), a connect that failed for good after retries,
 * a clone or delete cut short by a crash. A folder is kept while its repository exists
 * (`<id>.git`) or a connect task for it is queued or running (`<id>.git` and
 * `.<id>.git.clone-*`); a `.clone-*` folder changed within `keepClonesNewerThanMs` is kept too
 * (a node re-creating its cache of a repository clones under that name). Returns how many
 * folders went.
 */
export async function removeOrphanClones(
  db: Db,
  dataDir: string,
  keepClonesNewerThanMs = 0,
): Promise<number> {
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
  const recent = async (name: string) =>
    keepClonesNewerThanMs > 0 &&
    Date.now() - (await stat(join(root, name)).catch(() => ({ mtimeMs: 0 }))).mtimeMs <
      keepClonesNewerThanMs;
  const orphans: typeof parsed = [];
  for (const entry of parsed) {
    if (entry.kind === 'deleted') orphans.push(entry);
    else if (connecting.has(entry.repoId)) continue;
    else if (entry.kind === 'clone' ? !(await recent(entry.name)) : !existing.has(entry.repoId)) {
      orphans.push(entry);
    }
  }
  await Promise.all(
    orphans.map((entry) => rm(join(root, entry.name), { recursive: true, force: true })),
  );
  return orphans.length;
}

/** How often each process sweeps its own DATA_DIR's clones (besides once at start). */
export const CLONE_SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Sweeps this node's clones now and every `intervalMs`: the hourly maintenance job runs on one
 * node only, so with a DATA_DIR per node every process (API or worker) cleans its own cache.
 * Clones under way are kept for the git timeout. Answers a stop function.
 */
export function startCloneSweep(
  deps: { db: Db; config: { dataDir: string; gitTimeoutMs: number }; log: FastifyBaseLogger },
  intervalMs = CLONE_SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => removeOrphanClones(deps.db, deps.config.dataDir, deps.config.gitTimeoutMs))
      .then(
        (removed) => {
          if (removed > 0) deps.log.info({ removed }, 'removed clones nothing owns any more');
        },
        (error: unknown) => deps.log.warn({ err: error }, 'could not sweep the clone folders'),
      );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
