import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../repositories/db';
import { bumpDocsRevision } from '../../repositories/repos-repository';
import { snapshotCoverage } from '../activity/coverage-snapshots';

/**
 * The step after every committed write that can change a repository's doc statuses (an index,
 * a generation, a save, an accept, a review): the repository's `docs_revision` moves on, so every
 * count cached under the old revision is counted again, and today's coverage snapshot is taken
 * from the new counts. The write's own activity event is recorded in its transaction, not here.
 */
export async function docsChanged(
  deps: { db: Db; log: FastifyBaseLogger },
  repoId: string,
): Promise<void> {
  await bumpDocsRevision(deps.db, repoId);
  await snapshotCoverage(deps, repoId);
}
