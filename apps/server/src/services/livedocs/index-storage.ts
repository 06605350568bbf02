import {
  ENGINE_SCHEMA_VERSION,
  type FileIndex,
  type FileSource,
  type ModelStore,
  type SourceContent,
  type SourceEntry,
} from '@codedocs/engine';
import { readBlobs } from '../../git/index';
import {
  insertFileIndexes,
  listSourceFiles,
  loadFileIndexes,
} from '../../repositories/code-index-repository';
import type { Db } from '../../repositories/db';
import type { Config } from '../../config';
import { localGit } from '../repos/repo-git';
import { mirrorOf } from '../repos/mirror';
import { decodeFileIndexUncached, encodeModel } from './index-codec';

/** Files the engine would not parse anyway (it lists them as too large). */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

/** Models decoded per read while a run streams through stored ones. */
const LOAD_BATCH = 200;

/** A listed source file as the engine lists it (keyed by blob), with its registry file id. */
export interface CommitFile extends SourceEntry {
  key: string;
  fileId: string;
}

/** A listed commit's source files the engine would parse (not too large to). */
export async function commitFiles(db: Db, repoId: string, commitId: string): Promise<CommitFile[]> {
  return (await listSourceFiles(db, repoId, commitId))
    .filter((file) => file.size <= MAX_SOURCE_BYTES)
    .map((file) => ({
      path: file.path,
      key: file.blob_sha,
      language: file.language,
      fileId: file.file_id,
    }));
}

const rowOf = (file: SourceEntry) => ({ blob_sha: file.key ?? '', path: file.path });

/**
 * The engine's model store over `file_indexes`: a model per (blob, path), gzipped JSON. Reads
 * decode a batch at a time and are not cached (a bulk read must not fill the readers' cache).
 */
export function fileIndexStore(db: Db, repoId: string): ModelStore {
  return {
    async *load(files: readonly SourceEntry[]): AsyncGenerator<FileIndex> {
      const keyed = files.filter((file) => file.key !== undefined);
      for (let start = 0; start < keyed.length; start += LOAD_BATCH) {
        const rows = await loadFileIndexes(
          db,
          repoId,
          keyed.slice(start, start + LOAD_BATCH).map(rowOf),
        );
        for (const row of rows) yield await decodeFileIndexUncached(row);
      }
    },
    async save(models) {
      const rows = await Promise.all(
        models
          .filter(({ file }) => file.key !== undefined)
          .map(async ({ file, model }) => ({
            repo_id: repoId,
            ...rowOf(file),
            schema_version: ENGINE_SCHEMA_VERSION,
            language: model.language,
            object_count: model.objects.length,
            data: await encodeModel(model),
          })),
      );
      await insertFileIndexes(db, rows);
    },
  };
}

/**
 * A commit of the repository's mirror as the engine's file source: the listed files (keyed by
 * blob), their bytes read from git a batch at a time (`git cat-file --batch`).
 */
export function commitSource(
  deps: { db: Db; config: Config },
  repoId: string,
  files: readonly SourceEntry[],
  signal?: AbortSignal,
): FileSource {
  const git = { ...localGit(deps.config, signal), maxBytes: MAX_SOURCE_BYTES };
  let mirror: Promise<string> | undefined;
  return {
    // a batch is two git processes (sizes, then contents): as many as readBlobs reads per process
    batchSize: 256,
    list: () => files,
    async *read(wanted): AsyncGenerator<SourceContent> {
      const pathsOfBlob = new Map<string, string[]>();
      for (const file of wanted) {
        if (file.key === undefined) continue;
        pathsOfBlob.set(file.key, [...(pathsOfBlob.get(file.key) ?? []), file.path]);
      }
      mirror ??= mirrorOf(deps, repoId, signal);
      for await (const blob of readBlobs(await mirror, [...pathsOfBlob.keys()], git)) {
        for (const path of pathsOfBlob.get(blob.blobSha) ?? [])
          yield { path, content: blob.skipped ? '' : blob.content };
      }
    },
  };
}
