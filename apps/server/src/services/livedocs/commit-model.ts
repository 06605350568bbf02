import type { FileIndex, Reference } from '@codedocs/engine';
import {
  findRepoIndex,
  loadFileIndexes,
  loadRepoReferences,
  sourceFilesWithObjects,
} from '../../repositories/code-index-repository';
import type { Db } from '../../repositories/db';
import { Memo } from '../../repositories/memo';
import { decodeFileIndex, decodeReferences } from './index-codec';

/** A source file of an indexed commit with its object count. */
export type CommitFile = Awaited<ReturnType<typeof sourceFilesWithObjects>>[number];

/**
 * An indexed commit's files with objects never change (its listing is complete and every file's
 * model is stored, content-addressed), so they are read once: the join of 100,000 listed files
 * with their models is the costly part of the live-docs file list. Callers share the rows and
 * must not change them. The engine's schema version is fixed for the life of the process.
 */
const indexedFiles = new Memo<readonly CommitFile[]>(8);

/** Files of an indexed commit that hold objects, optionally only those with these ids. */
export async function filesWithObjects(
  db: Db,
  repoId: string,
  commitId: string,
  fileIds: readonly string[] | null,
): Promise<CommitFile[]> {
  // a commit being indexed has some models stored and not others: read, never remembered
  const files = (await findRepoIndex(db, repoId, commitId))
    ? await indexedFiles.get(`${repoId}\0${commitId}`, () =>
        sourceFilesWithObjects(db, repoId, commitId),
      )
    : await sourceFilesWithObjects(db, repoId, commitId);
  if (fileIds === null) return [...files];
  const wanted = new Set(fileIds);
  return files.filter((file) => wanted.has(file.file_id));
}

/** The engine models of these files (decoded, cached), in the order given. */
export async function fileModels(
  db: Db,
  repoId: string,
  files: readonly { blob_sha: string; path: string }[],
): Promise<FileIndex[]> {
  const rows = await loadFileIndexes(db, repoId, files);
  const byKey = new Map(rows.map((row) => [`${row.blob_sha}\0${row.path}`, row]));
  const out: FileIndex[] = [];
  for (const file of files) {
    const row = byKey.get(`${file.blob_sha}\0${file.path}`);
    if (row) out.push(await decodeFileIndex(repoId, row));
  }
  return out;
}

/** The references of an indexed commit (decoded, cached); [] when it is not indexed. */
export async function commitReferences(
  db: Db,
  repoId: string,
  commitId: string,
): Promise<Reference[]> {
  const data = await loadRepoReferences(db, repoId, commitId);
  return data ? decodeReferences(repoId, commitId, data) : [];
}
