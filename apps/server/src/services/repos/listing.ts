import { fileExtension } from '@codedocs/contract';
import { detectLanguage } from '@codedocs/engine/languages';
import { changedPaths, readBlobs, type LocalGitOptions, type TreeEntry } from '../../git/index';
import type { Db } from '../../repositories/db';
import { copyFiles, deleteFilePaths, insertFiles } from '../../repositories/files-repository';
import { insertRepoCommit, isCommitListed } from '../../repositories/repos-repository';
import { fileRow, languageOf } from './file-rows';

/**
 * A listed commit the new listing differs from in `changedPaths` only: its rows are copied inside
 * the database and just the changed paths are written, so a sync costs what it changed.
 */
export interface ListingBase {
  commitId: string;
  changedPaths: readonly string[];
}

/**
 * The base for listing `toCommit` incrementally: the repository's current commit when its listing
 * is stored, with the paths git says changed between the two; null when there is none.
 */
export async function listingBaseOf(
  db: Db,
  repo: { id: string; head_commit: string | null },
  repoDir: string,
  toCommit: string,
  git: LocalGitOptions,
): Promise<ListingBase | null> {
  const from = repo.head_commit;
  if (from === null || from === toCommit || !(await isCommitListed(db, repo.id, from))) {
    return null;
  }
  return { commitId: from, changedPaths: await changedPaths(repoDir, from, toCommit, git) };
}

/** Scripts larger than this are not read for their `#!` line (readBlobs skips them). */
const SCRIPT_MAX_BYTES = 256 * 1024;

/**
 * The languages of extension-less executables (`bin/deploy`, `scripts/release`) that their `#!`
 * line names, by path. The path alone says nothing about them, so only these blobs are read
 * (usually a handful; git's executable bit is what marks a script), and only their first line
 * counts.
 */
export async function scriptLanguages(
  repoDir: string,
  entries: readonly TreeEntry[],
  git: LocalGitOptions,
): Promise<Map<string, string>> {
  const pathsOfBlob = new Map<string, string[]>();
  for (const entry of entries) {
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    if (
      entry.kind !== 'file' ||
      entry.mode !== '100755' ||
      fileExtension(name) !== '' ||
      entry.size > SCRIPT_MAX_BYTES ||
      languageOf(entry.path) !== null
    )
      continue;
    pathsOfBlob.set(entry.blobSha, [...(pathsOfBlob.get(entry.blobSha) ?? []), entry.path]);
  }
  const languages = new Map<string, string>();
  if (pathsOfBlob.size === 0) return languages;
  const blobs = readBlobs(repoDir, [...pathsOfBlob.keys()], {
    ...git,
    maxBytes: SCRIPT_MAX_BYTES,
  });
  for await (const blob of blobs) {
    if (blob.skipped) continue;
    const firstLine = blob.content.subarray(0, 200).toString('utf8').split('\n')[0]!;
    for (const path of pathsOfBlob.get(blob.blobSha) ?? []) {
      const language = detectLanguage(path, firstLine)?.id;
      if (language) languages.set(path, language);
    }
  }
  return languages;
}

/** Past this share of changed files a full write is as cheap as copy + patch. */
const INCREMENTAL_MAX_CHANGED_SHARE = 0.5;

/**
 * Writes a commit's listing and the repository change that points at it in ONE transaction:
 * `writeRepo` first (it inserts or updates the repos row and answers false when the repository
 * is gone, which rolls nothing in), then the file rows (copied from `base` plus the changed paths
 * when a base is given, else all in batches) and the `repo_commits` row that marks the listing
 * complete. A listing already stored is not written again. Returns whether the repository still
 * exists.
 */
export async function storeListing(
  db: Db,
  listing: {
    repoId: string;
    commitId: string;
    entries: TreeEntry[] | null;
    base?: ListingBase | null;
    /** Languages of extension-less scripts by path (scriptLanguages). */
    scripts?: ReadonlyMap<string, string>;
  },
  writeRepo: (trx: Db) => Promise<boolean>,
): Promise<boolean> {
  const { repoId, commitId, entries, base, scripts } = listing;
  const row = (entry: TreeEntry) => fileRow(repoId, commitId, entry, scripts?.get(entry.path));
  return db.transaction().execute(async (trx) => {
    if (!(await writeRepo(trx))) return false;
    if (entries === null || (await isCommitListed(trx, repoId, commitId))) return true;
    const incremental =
      base != null &&
      base.changedPaths.length <= entries.length * INCREMENTAL_MAX_CHANGED_SHARE &&
      (await isCommitListed(trx, repoId, base.commitId));
    if (incremental) {
      const changed = new Set(base.changedPaths);
      await copyFiles(trx, repoId, base.commitId, commitId);
      await deleteFilePaths(trx, repoId, commitId, base.changedPaths);
      await insertFiles(trx, entries.filter((entry) => changed.has(entry.path)).map(row));
    } else {
      await insertFiles(trx, entries.map(row));
    }
    await insertRepoCommit(trx, {
      repo_id: repoId,
      commit_id: commitId,
      file_count: entries.length,
    });
    return true;
  });
}
