import type { FileIndex, Reference } from '@codedocs/engine';
import {
  loadFileIndexes,
  loadRepoReferences,
  sourceFilesWithObjectCounts,
} from '../../repositories/code-index-repository';
import type { Db } from '../../repositories/db';
import { decodeFileIndex, decodeReferences } from './index-codec';

/** A source file of an indexed commit with its object count. */
export type CommitFile = Awaited<ReturnType<typeof sourceFilesWithObjectCounts>>[number];

/** Files of an indexed commit that hold objects, optionally only those with these ids. */
export async function filesWithObjects(
  db: Db,
  repoId: string,
  commitId: string,
  fileIds: readonly string[] | null,
): Promise<CommitFile[]> {
  const wanted = fileIds === null ? null : new Set(fileIds);
  return (await sourceFilesWithObjectCounts(db, repoId, commitId)).filter(
    (file) => file.object_count > 0 && (wanted === null || wanted.has(file.file_id)),
  );
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
