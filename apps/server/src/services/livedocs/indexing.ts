import {
  ENGINE_SCHEMA_VERSION,
  resolveReferences,
  updateIndex,
  type ChangedFile,
  type FileIndex,
  type Reference,
} from '@codedocs/engine';
import type { NewCodeObject } from '@codedocs/db';
import { readBlobs } from '../../git/index';
import {
  clearPresence,
  findRepoIndex,
  insertFileIndexes,
  insertRepoIndex,
  listSourceFiles,
  loadFileIndexes,
  loadRepoReferences,
  storedFileIndexKeys,
  upsertCodeObjects,
  type SourceFileRow,
} from '../../repositories/code-index-repository';
import type { Db } from '../../repositories/db';
import { findRepo } from '../../repositories/repos-repository';
import type { Config } from '../../config';
import { nowIso } from '../context';
import { localGit } from '../repos/repo-git';
import { repoDirectory } from '../repos/repo-paths';
import { decodeFileIndex, decodeReferences, encodeModel } from './index-codec';
import { sharedParsePool } from './parse-pool';

/** Files the engine would not parse anyway (it lists them as too large). */
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** Parse tasks in flight at once: enough to keep every thread busy, few enough to bound memory. */
const IN_FLIGHT = 16;
/** Models written per INSERT while a full index streams. */
const STORE_BATCH = 50;

/** What indexing needs of the app. */
export interface IndexDeps {
  db: Db;
  config: Config;
}

/** One indexing run: which commit, what it may build on, how to report. */
export interface IndexCommitRequest {
  repoId: string;
  commitId: string;
  /** An indexed commit this one differs from by a few files (the previous head on a sync). */
  baseCommit?: string | null;
  signal?: AbortSignal;
  reportProgress?: (done: number, total: number, message: string) => Promise<void>;
}

/** What a run did: how many files it parsed (the "one-file change parses one file" budget). */
export interface IndexCommitResult {
  alreadyIndexed: boolean;
  parsed: string[];
  objects: number;
  mode: 'full' | 'incremental' | 'none';
}

const key = (f: { blob_sha: string; path: string }) => `${f.blob_sha}\0${f.path}`;

async function loadModels(db: Db, repoId: string, files: readonly SourceFileRow[]) {
  const rows = await loadFileIndexes(db, repoId, files);
  return Promise.all(rows.map((row) => decodeFileIndex(repoId, row)));
}

async function storeModels(
  db: Db,
  repoId: string,
  files: readonly FileIndex[],
  blobOf: Map<string, string>,
) {
  const rows = await Promise.all(
    files.map(async (file) => ({
      repo_id: repoId,
      blob_sha: blobOf.get(file.path) ?? '',
      path: file.path,
      schema_version: ENGINE_SCHEMA_VERSION,
      language: file.language,
      object_count: file.objects.length,
      data: await encodeModel(file),
    })),
  );
  await insertFileIndexes(
    db,
    rows.filter((row) => row.blob_sha !== ''),
  );
}

/**
 * Parses the given files of a commit on the shared thread pool, streaming their bytes from git a
 * batch at a time and storing each model as it is made, so memory holds a window of files and
 * their models, never the repository's sources.
 */
async function parseAndStore(
  deps: IndexDeps,
  request: IndexCommitRequest,
  files: readonly SourceFileRow[],
): Promise<FileIndex[]> {
  const pool = sharedParsePool();
  const git = { ...localGit(deps.config, request.signal), maxBytes: MAX_SOURCE_BYTES };
  const pathsOfBlob = new Map<string, SourceFileRow[]>();
  for (const file of files)
    pathsOfBlob.set(file.blob_sha, [...(pathsOfBlob.get(file.blob_sha) ?? []), file]);
  const blobOf = new Map(files.map((f) => [f.path, f.blob_sha]));
  const parsed: FileIndex[] = [];
  let unstored: FileIndex[] = [];
  const inFlight = new Set<Promise<void>>();
  let done = 0;
  const flush = async () => {
    const batch = unstored;
    unstored = [];
    await storeModels(deps.db, request.repoId, batch, blobOf);
  };
  const repoDir = repoDirectory(deps.config.dataDir, request.repoId);
  for await (const blob of readBlobs(repoDir, [...pathsOfBlob.keys()], git)) {
    request.signal?.throwIfAborted();
    for (const file of pathsOfBlob.get(blob.blobSha) ?? []) {
      const task = pool
        .run({ path: file.path, content: blob.skipped ? '' : blob.content, options: {} })
        .then(async (model) => {
          parsed.push(model);
          unstored.push(model);
          done++;
          if (unstored.length >= STORE_BATCH) await flush();
          if (done % 25 === 0 || done === files.length) {
            await request.reportProgress?.(
              done,
              files.length + 1,
              `Reading code: ${done} of ${files.length} files`,
            );
          }
        });
      const tracked = task.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  await flush();
  return parsed;
}

/** The repo's objects of these models as registry rows. */
function objectRows(
  repoId: string,
  files: readonly FileIndex[],
  fileIdOf: Map<string, string>,
): NewCodeObject[] {
  const now = nowIso();
  return files.flatMap((file) =>
    file.objects.map((o) => ({
      id: o.id,
      repo_id: repoId,
      file_path: file.path,
      file_id: fileIdOf.get(file.path) ?? null,
      name: o.name,
      qualified_name: o.qualifiedName,
      kind: o.kind,
      language: file.language ?? 'unknown',
      signature: o.signature,
      line_start: o.range.startLine,
      line_end: o.range.endLine,
      code_hash: o.codeHash,
      doc_comment: o.doc?.text ?? null,
      parent_id: o.parentId ?? null,
      updated_at: now,
    })),
  );
}

/**
 * Indexes one listed commit (idempotent: an indexed commit is left as it is). Models are stored
 * per (blob, path), so only files no earlier commit had are parsed; with an indexed `baseCommit`
 * the references are recomputed only for the files the change can affect (the engine's
 * updateIndex). The commit's references and the object registry are written in one transaction;
 * objects are marked present only when the commit is still the repository's current one.
 */
export async function indexCommit(
  deps: IndexDeps,
  request: IndexCommitRequest,
): Promise<IndexCommitResult> {
  const { db } = deps;
  const { repoId, commitId } = request;
  if (await findRepoIndex(db, repoId, commitId)) {
    if ((await findRepo(db, repoId))?.head_commit === commitId)
      await refreshPresence(deps, repoId, commitId);
    return { alreadyIndexed: true, parsed: [], objects: 0, mode: 'none' };
  }
  const listing = (await listSourceFiles(db, repoId, commitId)).filter(
    (f) => f.size <= MAX_SOURCE_BYTES,
  );
  const fileIdOf = new Map(listing.map((f) => [f.path, f.file_id]));
  const stored = await storedFileIndexKeys(db, repoId, listing);
  const missing = listing.filter((f) => !stored.has(key(f)));
  await request.reportProgress?.(
    0,
    missing.length + 1,
    `Reading code: 0 of ${missing.length} files`,
  );
  const base = request.baseCommit ? await findRepoIndex(db, repoId, request.baseCommit) : undefined;
  let files: FileIndex[];
  let references: Reference[];
  let registry: FileIndex[];
  let changedPaths: string[] | null;
  let parsed: string[];
  if (
    base &&
    request.baseCommit &&
    base.schema_version === ENGINE_SCHEMA_VERSION &&
    missing.length <= Math.max(200, listing.length / 2)
  ) {
    const baseListing = await listSourceFiles(db, repoId, request.baseCommit);
    const baseBlob = new Map(baseListing.map((f) => [f.path, f.blob_sha]));
    const currentPaths = new Set(listing.map((f) => f.path));
    const changed = listing.filter((f) => baseBlob.get(f.path) !== f.blob_sha);
    const deleted = baseListing.filter((f) => !currentPaths.has(f.path)).map((f) => f.path);
    const previous = {
      schemaVersion: ENGINE_SCHEMA_VERSION,
      files: await loadModels(db, repoId, baseListing),
      references: await decodeReferences(
        repoId,
        request.baseCommit,
        (await loadRepoReferences(db, repoId, request.baseCommit)) ?? new Uint8Array(),
      ),
    };
    const changedFiles: ChangedFile[] = deleted.map((path) => ({ path, content: null }));
    const git = { ...localGit(deps.config, request.signal), maxBytes: MAX_SOURCE_BYTES };
    const byBlob = new Map<string, SourceFileRow[]>();
    for (const f of changed) byBlob.set(f.blob_sha, [...(byBlob.get(f.blob_sha) ?? []), f]);
    for await (const blob of readBlobs(
      repoDirectory(deps.config.dataDir, repoId),
      [...byBlob.keys()],
      git,
    )) {
      for (const f of byBlob.get(blob.blobSha) ?? [])
        changedFiles.push({ path: f.path, content: blob.skipped ? '' : blob.content });
    }
    const update = await updateIndex(previous, changedFiles, { pool: sharedParsePool() });
    files = update.index.files;
    references = update.index.references;
    const reparsed = new Set(update.reparsed);
    registry = files.filter((f) => reparsed.has(f.path));
    await storeModels(db, repoId, registry, new Map(listing.map((f) => [f.path, f.blob_sha])));
    changedPaths = [...changed.map((f) => f.path), ...deleted];
    parsed = update.reparsed;
  } else {
    const reused = await loadModels(
      db,
      repoId,
      listing.filter((f) => stored.has(key(f))),
    );
    // what was stored a moment ago may have been pruned since (maintenance): parse it again
    const loaded = new Set(reused.map((f) => f.path));
    const fresh = await parseAndStore(
      deps,
      request,
      listing.filter((f) => !loaded.has(f.path)),
    );
    files = [...fresh, ...reused].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    references = resolveReferences(files);
    registry = files;
    changedPaths = null;
    parsed = fresh.map((f) => f.path);
  }
  request.signal?.throwIfAborted();
  const objects = files.reduce((sum, f) => sum + f.objects.length, 0);
  const referencesData = await encodeModel(references);
  await db.transaction().execute(async (trx) => {
    const current = (await findRepo(trx, repoId))?.head_commit === commitId;
    if (current) await clearPresence(trx, repoId, changedPaths);
    await upsertCodeObjects(trx, objectRows(repoId, registry, fileIdOf), current);
    await insertRepoIndex(trx, {
      repo_id: repoId,
      commit_id: commitId,
      schema_version: ENGINE_SCHEMA_VERSION,
      file_count: listing.length,
      object_count: objects,
      references_data: referencesData,
    });
  });
  await request.reportProgress?.(
    missing.length + 1,
    missing.length + 1,
    `Indexed ${objects} objects`,
  );
  return {
    alreadyIndexed: false,
    parsed,
    objects,
    mode: changedPaths === null ? 'full' : 'incremental',
  };
}

/**
 * Marks exactly the objects of an indexed commit present, after the repository moved back to a
 * commit indexed earlier (a branch switch): the registry then describes that commit again.
 */
async function refreshPresence(deps: IndexDeps, repoId: string, commitId: string): Promise<void> {
  const listing = await listSourceFiles(deps.db, repoId, commitId);
  const files = await loadModels(deps.db, repoId, listing);
  const fileIdOf = new Map(listing.map((f) => [f.path, f.file_id]));
  await deps.db.transaction().execute(async (trx) => {
    if ((await findRepo(trx, repoId))?.head_commit !== commitId) return;
    await clearPresence(trx, repoId, null);
    await upsertCodeObjects(trx, objectRows(repoId, files, fileIdOf), true);
  });
}
