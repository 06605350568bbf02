import type { TreeEntry } from '../../git/index';
import type { Db } from '../../repositories/db';
import { insertFiles } from '../../repositories/files-repository';
import { insertRepoCommit, isCommitListed } from '../../repositories/repos-repository';
import { fileRow } from './file-rows';

/**
 * Writes a commit's listing and the repository change that points at it in ONE transaction:
 * `writeRepo` first (it inserts or updates the repos row and answers false when the repository
 * is gone, which rolls nothing in), then every file row in batches and the `repo_commits` row
 * that marks the listing complete. A listing already stored is not written again. Returns
 * whether the repository still exists.
 */
export async function storeListing(
  db: Db,
  listing: { repoId: string; commitId: string; entries: TreeEntry[] | null },
  writeRepo: (trx: Db) => Promise<boolean>,
): Promise<boolean> {
  const { repoId, commitId, entries } = listing;
  return db.transaction().execute(async (trx) => {
    if (!(await writeRepo(trx))) return false;
    if (entries === null || (await isCommitListed(trx, repoId, commitId))) return true;
    await insertFiles(
      trx,
      entries.map((entry) => fileRow(repoId, commitId, entry)),
    );
    await insertRepoCommit(trx, {
      repo_id: repoId,
      commit_id: commitId,
      file_count: entries.length,
    });
    return true;
  });
}
