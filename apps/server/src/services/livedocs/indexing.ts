import {
  ENGINE_SCHEMA_VERSION,
  streamIndexUpdate,
  streamRepositoryIndex,
  type FileIndex,
  type IndexSink,
  type ModelOrigin,
  type ModelStore,
  type RepositoryOptions,
} from '@codedocs/engine';
import type { NewCodeObject } from '@codedocs/db';
import {
  clearPresence,
  findRepoIndex,
  insertRepoIndex,
  loadRepoReferences,
  storedFileIndexKeys,
  upsertCodeObjects,
} from '../../repositories/code-index-repository';
import type { Db } from '../../repositories/db';
import { type LegacyHash, rebaseLegacyHashes } from '../../repositories/docs-repository';
import { findRepo } from '../../repositories/repos-repository';
import type { Config } from '../../config';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityFeed } from '../activity/activity-feed';
import { recordEvent } from '../activity/record-event';
import { nowIso } from '../context';
import { decodeReferences, ReferencesEncoder } from './index-codec';
import { commitFiles, commitSource, fileIndexStore, type CommitFile } from './index-storage';
import { sharedParsePool } from './parse-pool';
import { hasAuthorSummary } from './doc-status';
import { docsChanged } from './docs-changed';

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
      author_summary: hasAuthorSummary(o) ? 1 : 0,
      parent_id: o.parentId ?? null,
      updated_at: now,
    })),
  );
}

/** Where these models' objects have a legacy code hash (see rebaseLegacyHashes). */
function legacyHashes(files: readonly FileIndex[]): LegacyHash[] {
  return files.flatMap((file) =>
    file.objects.flatMap((o) =>
      o.legacyCodeHash === undefined
        ? []
        : [{ objectId: o.id, legacy: o.legacyCodeHash, current: o.codeHash }],
    ),
  );
}

/** What a full or incremental run counted. */
interface RunTotals {
  objects: number;
  /** Paths whose objects changed, or null when every path was indexed (a full run). */
  changedPaths: string[] | null;
  parsed: string[];
}

/**
 * The engine's sink for a commit's run: each model it hands over becomes registry rows (and
 * progress when it was parsed), each file's references go straight into the gzipped blob.
 */
function commitSink(
  request: IndexCommitRequest,
  files: readonly CommitFile[],
  toParse: number,
): IndexSink & { registry: NewCodeObject[]; legacy: LegacyHash[]; encoder: ReferencesEncoder } {
  const fileIdOf = new Map(files.map((f) => [f.path, f.fileId]));
  const registry: NewCodeObject[] = [];
  const legacy: LegacyHash[] = [];
  const encoder = new ReferencesEncoder();
  let parsed = 0;
  return {
    registry,
    legacy,
    encoder,
    file: async (model: FileIndex, origin: ModelOrigin) => {
      registry.push(...objectRows(request.repoId, [model], fileIdOf));
      legacy.push(...legacyHashes([model]));
      if (origin !== 'parsed') return;
      parsed++;
      if (parsed % 25 === 0 || parsed === toParse) {
        await request.reportProgress?.(
          parsed,
          toParse + 1,
          `Reading code: ${parsed} of ${toParse} files`,
        );
      }
    },
    references: (resolved) => encoder.add(resolved.references),
  };
}

/**
 * Indexes one listed commit (idempotent: an indexed commit is left as it is). The engine reads
 * the commit from git and its stored models from `file_indexes` (per blob and path, so only files
 * no earlier commit had are parsed); with an indexed `baseCommit` it updates from that commit's
 * index, recomputing references only for the files the change can affect. The commit's
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
  const files = await commitFiles(db, repoId, commitId);
  const stored = await storedFileIndexKeys(
    db,
    repoId,
    files.map((f) => ({ blob_sha: f.key, path: f.path })),
  );
  const missing = files.filter((f) => !stored.has(`${f.key}\0${f.path}`)).length;
  await request.reportProgress?.(0, missing + 1, `Reading code: 0 of ${missing} files`);
  const base = request.baseCommit ? await findRepoIndex(db, repoId, request.baseCommit) : undefined;
  const sink = commitSink(request, files, missing);
  const source = commitSource(deps, repoId, files, request.signal);
  const options: RepositoryOptions & { store: ModelStore } = {
    pool: sharedParsePool(),
    store: fileIndexStore(db, repoId),
    repository: repoId,
    ...(request.signal && { signal: request.signal }),
  };
  let run: RunTotals;
  if (base && missing <= Math.max(200, files.length / 2)) {
    const baseFiles = await commitFiles(db, repoId, base.commit_id);
    const references = await decodeReferences(
      repoId,
      base.commit_id,
      (await loadRepoReferences(db, repoId, base.commit_id)) ?? new Uint8Array(),
    );
    const update = await streamIndexUpdate({ files: baseFiles, references }, source, sink, options);
    run = {
      objects: base.object_count + update.objectDelta,
      changedPaths: update.changed,
      parsed: update.parsed,
    };
  } else {
    const summary = await streamRepositoryIndex(source, sink, options);
    run = { objects: summary.objects, changedPaths: null, parsed: summary.parsed };
  }
  const referencesData = await sink.encoder.finish();
  const registry = sink.registry;
  request.signal?.throwIfAborted();
  await db.transaction().execute(async (trx) => {
    const repo = await findRepo(trx, repoId);
    const current = repo?.head_commit === commitId;
    if (current) await clearPresence(trx, repoId, run.changedPaths);
    await upsertCodeObjects(trx, registry, current);
    await rebaseLegacyHashes(trx, repoId, sink.legacy);
    await insertRepoIndex(trx, {
      repo_id: repoId,
      commit_id: commitId,
      schema_version: ENGINE_SCHEMA_VERSION,
      file_count: files.length,
      object_count: run.objects,
      references_data: referencesData,
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
          files: files.length,
          objects: run.objects,
          parsed_files: run.parsed.length,
        },
      });
    }
  });
  await docsChanged(deps, repoId);
  await request.reportProgress?.(missing + 1, missing + 1, `Indexed ${run.objects} objects`);
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
  const files = await commitFiles(deps.db, repoId, commitId);
  const fileIdOf = new Map(files.map((f) => [f.path, f.fileId]));
  const rows: NewCodeObject[] = [];
  const legacy: LegacyHash[] = [];
  for await (const model of fileIndexStore(deps.db, repoId).load(files)) {
    rows.push(...objectRows(repoId, [model], fileIdOf));
    legacy.push(...legacyHashes([model]));
  }
  await deps.db.transaction().execute(async (trx) => {
    if ((await findRepo(trx, repoId))?.head_commit !== commitId) return;
    await clearPresence(trx, repoId, null);
    await upsertCodeObjects(trx, rows, true);
    await rebaseLegacyHashes(trx, repoId, legacy);
  });
  await docsChanged(deps, repoId);
}
