import { listFolderBuilds } from '../../repositories/folders-repository';
import type { Db } from '../../repositories/db';
import type { SiteStore } from '../../sites/site-store';

/** A build directory's name from the job that writes it: a re-run writes the same one again. */
export function buildIdOf(jobId: string): string {
  return `b-${jobId.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 100);
}

/**
 * Removes site directories nothing serves or writes: those of deleted folders, and builds that
 * are neither a folder's published one nor the one its recorded task writes (a crash mid-build
 * leaves its directory; the re-run starts it afresh). Answers how many it removed.
 */
export async function removeOrphanBuilds(db: Db, store: SiteStore): Promise<number> {
  const keep = new Map<string, Set<string>>();
  for (const folder of await listFolderBuilds(db)) {
    const builds = new Set<string>();
    if (folder.build_id) builds.add(folder.build_id);
    if (folder.task_id) builds.add(buildIdOf(folder.task_id));
    keep.set(folder.id, builds);
  }
  let removed = 0;
  for (const [folderId, builds] of await store.builds()) {
    const kept = keep.get(folderId);
    if (!kept) {
      await store.remove(folderId);
      removed++;
      continue;
    }
    for (const build of builds) {
      if (kept.has(build)) continue;
      await store.remove(folderId, build);
      removed++;
    }
  }
  return removed;
}
