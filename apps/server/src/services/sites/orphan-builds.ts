import { listFolderBuilds } from '../../repositories/folders-repository';
import type { Db } from '../../repositories/db';
import type { SiteStore } from '../../sites/site-store';

/**
 * The prefix of the build directories a job writes (`<prefix>-<attempt>`): each attempt writes
 * its own, so an attempt run again while an earlier one is still publishing (a lost heartbeat)
 * never deletes a directory that may already be served.
 */
export function buildIdOf(jobId: string): string {
  return `b-${jobId.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 80);
}

/** What owns builds in a store: a folder (or an export), its published build and its task. */
export interface BuildOwner {
  id: string;
  build_id: string | null;
  task_id: string | null;
}

/**
 * Removes site directories nothing serves or writes: those of deleted folders, and builds that
 * are neither a folder's published one nor the one its recorded task writes (a crash mid-build
 * leaves its directory; the re-run starts it afresh). `owners`: the folders by default, the
 * exports for the exports' store. Answers how many it removed.
 */
export async function removeOrphanBuilds(
  db: Db,
  store: SiteStore,
  owners: (db: Db) => Promise<BuildOwner[]> = listFolderBuilds,
): Promise<number> {
  const keep = new Map<string, { published: string | null; running: string | null }>();
  for (const folder of await owners(db)) {
    keep.set(folder.id, {
      published: folder.build_id,
      running: folder.task_id ? `${buildIdOf(folder.task_id)}-` : null,
    });
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
      if (build === kept.published || (kept.running && build.startsWith(kept.running))) continue;
      await store.remove(folderId, build);
      removed++;
    }
  }
  return removed;
}
