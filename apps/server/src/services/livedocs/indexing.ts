import {
  affectedFiles,
  ENGINE_SCHEMA_VERSION,
  fileSymbols,
  importTargets,
  resolveFileReferences,
  reshapedPaths,
  StreamingResolver,
  type FileIndex,
  type FileSymbols,
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
import { bumpDocsRevision, findRepo } from '../../repositories/repos-repository';
import type { Config } from '../../config';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityFeed } from '../activity/activity-feed';
import { snapshotCoverage } from '../activity/coverage-snapshots';
import { recordEvent } from '../activity/record-event';
import { nowIso } from '../context';
import { localGit } from '../repos/repo-git';
import { mirrorOf } from '../repos/mirror';
import {
  decodeFileIndexUncached,
  decodeReferences,
  encodeModel,
  ReferencesEncoder,
} from './index-codec';
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
  log: FastifyBaseLogger;
  activity: ActivityFeed;
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

/** Models decoded per read while a run streams through stored ones. */
const LOAD_BATCH = 200;

/**
 * Stored models of these files, a batch at a time, each handed to `take` and then dropped (not
 * cached: a bulk read must not fill the readers' cache). Answers the paths it found.
 */
async function streamStoredModels(
  db: Db,
  repoId: string,
  files: readonly SourceFileRow[],
  take: (model: FileIndex) => Promise<void>,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < files.length; start += LOAD_BATCH) {
    const rows = await loadFileIndexes(db, repoId, files.slice(start, start + LOAD_BATCH));
    for (const row of rows) {
      found.add(row.path);
      await take(await decodeFileIndexUncached(row));
    }
  }
  return found;
}

async function loadModels(db: Db, repoId: string, files: readonly SourceFileRow[]) {
  const models: FileIndex[] = [];
  await streamStoredModels(db, repoId, files, async (model) => void models.push(model));
  return models;
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
 * batch at a time, storing each model and handing it to `take` as it is made, so memory holds a
 * window of files and their models, never the repository's sources or all its models.
 */
async function parseAndStore(
  deps: IndexDeps,
  request: IndexCommitRequest,
  files: readonly SourceFileRow[],
  take: (model: FileIndex) => Promise<void>,
): Promise<string[]> {
  const pool = sharedParsePool();
  const git = { ...localGit(deps.config, request.signal), maxBytes: MAX_SOURCE_BYTES };
  const pathsOfBlob = new Map<string, SourceFileRow[]>();
  for (const file of files)
    pathsOfBlob.set(file.blob_sha, [...(pathsOfBlob.get(file.blob_sha) ?? []), file]);
  const blobOf = new Map(files.map((f) => [f.path, f.blob_sha]));
  const parsed: string[] = [];
  let unstored: FileIndex[] = [];
  const inFlight = new Set<Promise<void>>();
  const flush = async () => {
    const batch = unstored;
    unstored = [];
    await storeModels(deps.db, request.repoId, batch, blobOf);
  };
  const repoDir = await mirrorOf(deps, request.repoId, request.signal);
  for await (const blob of readBlobs(repoDir, [...pathsOfBlob.keys()], git)) {
    request.signal?.throwIfAborted();
    for (const file of pathsOfBlob.get(blob.blobSha) ?? []) {
      const task = pool
        .run({
          path: file.path,
          content: blob.skipped ? '' : blob.content,
          options: { repository: request.repoId },
        })
        .then(async (model) => {
          parsed.push(model.path);
          unstored.push(model);
          await take(model);
          if (unstored.length >= STORE_BATCH) await flush();
          const done = parsed.length;
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

/**
 * Hands `take` the model of each file: read back where one is stored (`stored` keys), parsed and
 * stored otherwise. What was stored a moment ago may have been pruned since (maintenance), so a
 * file not found is parsed too. Answers the paths it parsed.
 */
async function readOrParse(
  deps: IndexDeps,
  request: IndexCommitRequest,
  files: readonly SourceFileRow[],
  stored: ReadonlySet<string>,
  take: (model: FileIndex) => Promise<void>,
): Promise<string[]> {
  const loaded = await streamStoredModels(
    deps.db,
    request.repoId,
    files.filter((f) => stored.has(key(f))),
    take,
  );
  return parseAndStore(
    deps,
    request,
    files.filter((f) => !loaded.has(f.path)),
    take,
  );
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

/** What a full or incremental run made: the commit's references and its registry rows. */
interface CommitIndexData {
  referencesData: Buffer;
  registry: NewCodeObject[];
  objects: number;
  /** Paths whose objects changed, or null when every path was indexed (a full run). */
  changedPaths: string[] | null;
  parsed: string[];
}

/**
 * A full run: every model of the commit (stored ones read back, the rest parsed) goes once
 * through the engine's streaming resolver, and each file's references straight into the gzipped
 * blob, so memory holds the symbols of the repository and a window of models, not every model.
 */
async function indexFully(
  deps: IndexDeps,
  request: IndexCommitRequest,
  listing: readonly SourceFileRow[],
  stored: ReadonlySet<string>,
): Promise<CommitIndexData> {
  const fileIdOf = new Map(listing.map((f) => [f.path, f.file_id]));
  const resolver = new StreamingResolver(new Set(listing.map((f) => f.path)));
  const encoder = new ReferencesEncoder();
  const registry: NewCodeObject[] = [];
  let objects = 0;
  const take = async (model: FileIndex) => {
    objects += model.objects.length;
    registry.push(...objectRows(request.repoId, [model], fileIdOf));
    for (const resolved of resolver.add(model)) await encoder.add(resolved.references);
  };
  const parsed = await readOrParse(deps, request, listing, stored, take);
  for (const resolved of resolver.finish()) await encoder.add(resolved.references);
  return { referencesData: await encoder.finish(), registry, objects, changedPaths: null, parsed };
}

/**
 * An incremental run from an indexed base commit: changed files are parsed (or read back when a
 * model of their blob is stored), and references are recomputed only for them and for the files
 * whose imports see a difference (the engine's affectedFiles). Only those models, and the
 * symbols of what they import, are read; every other file keeps the base commit's references.
 */
async function indexFromBase(
  deps: IndexDeps,
  request: IndexCommitRequest,
  listing: readonly SourceFileRow[],
  stored: ReadonlySet<string>,
  base: { commitId: string; objectCount: number },
): Promise<CommitIndexData> {
  const { db } = deps;
  const { repoId } = request;
  const baseListing = await listSourceFiles(db, repoId, base.commitId);
  const baseByPath = new Map(baseListing.map((f) => [f.path, f]));
  const byPath = new Map(listing.map((f) => [f.path, f]));
  const changed = listing.filter((f) => baseByPath.get(f.path)?.blob_sha !== f.blob_sha);
  const deleted = baseListing.filter((f) => !byPath.has(f.path)).map((f) => f.path);
  const changedPaths = new Set([...changed.map((f) => f.path), ...deleted]);
  // the base commit's versions of what changed: their symbols and object counts
  const before = new Map(
    (
      await loadModels(
        db,
        repoId,
        baseListing.filter((f) => changedPaths.has(f.path)),
      )
    ).map((m) => [m.path, m]),
  );
  const after = new Map<string, FileIndex>();
  const collect = async (model: FileIndex) => void after.set(model.path, model);
  const parsed = await readOrParse(deps, request, changed, stored, collect);
  const previous = await decodeReferences(
    repoId,
    base.commitId,
    (await loadRepoReferences(db, repoId, base.commitId)) ?? new Uint8Array(),
  );
  const paths = new Set(byPath.keys());
  const affected = affectedFiles(
    {
      changed: changedPaths,
      reshaped: reshapedPaths(changedPaths, before, after),
      pathsAdded: changed.some((f) => !baseByPath.has(f.path)),
      paths,
      languageOf: (path) => byPath.get(path)?.language ?? null,
    },
    previous,
  );
  // the files to resolve again, and the symbols of every file they import
  const symbols = new Map<string, FileSymbols>();
  const toResolve = [...after.values()];
  const addSymbols = async (model: FileIndex) => void symbols.set(model.path, fileSymbols(model));
  await streamStoredModels(
    db,
    repoId,
    [...affected].flatMap((path) => byPath.get(path) ?? []),
    async (model) => {
      toResolve.push(model);
      await addSymbols(model);
    },
  );
  for (const model of after.values()) await addSymbols(model);
  const scope = { paths, symbols: (path: string) => symbols.get(path) };
  const imported = new Set(toResolve.flatMap((model) => importTargets(model, scope)));
  await streamStoredModels(
    db,
    repoId,
    [...imported].filter((path) => !symbols.has(path)).flatMap((path) => byPath.get(path) ?? []),
    addSymbols,
  );
  const encoder = new ReferencesEncoder();
  const kept = previous.filter((r) => !changedPaths.has(r.fromFile) && !affected.has(r.fromFile));
  await encoder.add(kept);
  for (const model of toResolve) await encoder.add(resolveFileReferences(model, scope));
  const fileIdOf = new Map(listing.map((f) => [f.path, f.file_id]));
  let objects = base.objectCount;
  for (const path of changedPaths) {
    objects += (after.get(path)?.objects.length ?? 0) - (before.get(path)?.objects.length ?? 0);
  }
  return {
    referencesData: await encoder.finish(),
    registry: objectRows(repoId, [...after.values()], fileIdOf),
    objects,
    changedPaths: [...changedPaths],
    parsed,
  };
}

/**
 * Indexes one listed commit (idempotent: an indexed commit is left as it is). Models are stored
 * per (blob, path), so only files no earlier commit had are parsed; with an indexed `baseCommit`
 * the references are recomputed only for the files the change can affect. The commit's
 * references and the object registry are written in one transaction; objects are marked present
 * only when the commit is still the repository's current one.
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
  const stored = await storedFileIndexKeys(db, repoId, listing);
  const missing = listing.filter((f) => !stored.has(key(f)));
  await request.reportProgress?.(
    0,
    missing.length + 1,
    `Reading code: 0 of ${missing.length} files`,
  );
  const base = request.baseCommit ? await findRepoIndex(db, repoId, request.baseCommit) : undefined;
  const run =
    base && missing.length <= Math.max(200, listing.length / 2)
      ? await indexFromBase(deps, request, listing, stored, {
          commitId: base.commit_id,
          objectCount: base.object_count,
        })
      : await indexFully(deps, request, listing, stored);
  request.signal?.throwIfAborted();
  await db.transaction().execute(async (trx) => {
    const repo = await findRepo(trx, repoId);
    const current = repo?.head_commit === commitId;
    if (current) await clearPresence(trx, repoId, run.changedPaths);
    await upsertCodeObjects(trx, run.registry, current);
    await insertRepoIndex(trx, {
      repo_id: repoId,
      commit_id: commitId,
      schema_version: ENGINE_SCHEMA_VERSION,
      file_count: listing.length,
      object_count: run.objects,
      references_data: run.referencesData,
    });
    if (repo) {
      await recordEvent(deps, trx, {
        userId: repo.user_id,
        kind: 'repo.indexed',
        subject: repoId,
        actorId: null,
        data: {
          name: repo.name,
          commit_id: commitId,
          files: listing.length,
          objects: run.objects,
          parsed_files: run.parsed.length,
        },
      });
    }
  });
  await bumpDocsRevision(db, repoId);
  await snapshotCoverage(deps, repoId);
  await request.reportProgress?.(
    missing.length + 1,
    missing.length + 1,
    `Indexed ${run.objects} objects`,
  );
  return {
    alreadyIndexed: false,
    parsed: run.parsed,
    objects: run.objects,
    mode: run.changedPaths === null ? 'full' : 'incremental',
  };
}

/**
 * Marks exactly the objects of an indexed commit present, after the repository moved back to a
 * commit indexed earlier (a branch switch): the registry then describes that commit again.
 */
async function refreshPresence(deps: IndexDeps, repoId: string, commitId: string): Promise<void> {
  const listing = await listSourceFiles(deps.db, repoId, commitId);
  const fileIdOf = new Map(listing.map((f) => [f.path, f.file_id]));
  const rows: NewCodeObject[] = [];
  await streamStoredModels(deps.db, repoId, listing, async (model) => {
    rows.push(...objectRows(repoId, [model], fileIdOf));
  });
  await deps.db.transaction().execute(async (trx) => {
    if ((await findRepo(trx, repoId))?.head_commit !== commitId) return;
    await clearPresence(trx, repoId, null);
    await upsertCodeObjects(trx, rows, true);
  });
  await bumpDocsRevision(deps.db, repoId);
  await snapshotCoverage(deps, repoId);
}
