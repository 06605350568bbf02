import { compilationObjectsResponseSchema } from '@codedocs/contract';
import type {
  ObjectStatus,
  CompilationAddObjectsRequest,
  CompilationChangeResponse,
  CompilationMetadata,
  CompilationObjectsResponse,
  ListedObject,
  ObjectSearchQuery,
  ObjectSearchResponse,
} from '@codedocs/contract';
import { newId } from '../../auth/random-id';
import { badRequest, conflict, notFound } from '../../errors/index';
import {
  appendCompilationEntries,
  compilationsVersion,
  deleteCompilation,
  findCompilation,
  findUserObjects,
  insertCompilation,
  listCompilationEntries,
  listCompilationObjectRows,
  listCompilationSummaries,
  removeCompilationEntries,
  renameCompilation,
  setCompilationOrder,
  touchCompilation,
  type CompilationSummary,
} from '../../repositories/compilations-repository';
import { isUniqueViolation } from '../../repositories/db-errors';
import { docStatesOfObjects, type DocState } from '../../repositories/docs-repository';
import { searchObjects, type SearchKey } from '../../repositories/object-search-repository';
import { Memo } from '../../repositories/memo';
import { SerializedJson } from '../../presenters/serialized-json';
import { dialectOf } from '../../config';
import { nowIso, type ServiceContext } from '../context';
import { statusOf } from '../livedocs/doc-status';
import { recordEvent } from '../activity/record-event';

const COMPILATION_NOT_FOUND = 'Compilation not found';

function present({ id, ...rest }: CompilationSummary): CompilationMetadata {
  return { compilation_id: id, ...rest };
}

const nameTaken = (name: string) => conflict(`You already have a compilation named “${name}”`);

/** The compilation as the list shows it, after a change. */
async function summaryOf(ctx: ServiceContext, userId: string, id: string) {
  const [summary] = await listCompilationSummaries(ctx.db, userId, [id]);
  if (!summary) throw notFound(COMPILATION_NOT_FOUND);
  return present(summary);
}

/** One of the caller's compilations, or 404 (another user's is as unknown as a missing one). */
async function ownCompilation(ctx: ServiceContext, userId: string, id: string) {
  const compilation = await findCompilation(ctx.db, userId, id);
  if (!compilation) throw notFound(COMPILATION_NOT_FOUND);
  return compilation;
}

/**
 * The compilation reads, computed once per version of what they show (compilationsVersion: each
 * compilation's revision, each repository's head and docs revision): the list screen and `/app`
 * ask for them on every load, and a 5,000-object compilation is 1.6 MB of JSON joined from as
 * many objects and their docs.
 */
const metadataLists = new Memo<CompilationMetadata[]>(256);
const objectLists = new Memo<SerializedJson>(32);

/** `GET /api/v0/compilation/metadata`: the caller's compilations with per-repository counts. */
export async function listCompilationMetadata(
  ctx: ServiceContext,
  userId: string,
): Promise<CompilationMetadata[]> {
  const version = await compilationsVersion(ctx.db, userId);
  return metadataLists.get(`${userId}\0${version}`, async () =>
    (await listCompilationSummaries(ctx.db, userId)).map(present),
  );
}

/** `POST /api/v0/compilation {name}`: a new, empty compilation (409 for a name in use). */
export async function createCompilation(
  ctx: ServiceContext,
  userId: string,
  name: string,
): Promise<CompilationMetadata> {
  const id = newId();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertCompilation(trx, { id, user_id: userId, name, created_at: nowIso() });
      await recordEvent(ctx, trx, {
        userId,
        kind: 'compilation.created',
        subject: id,
        data: { name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return summaryOf(ctx, userId, id);
}

/** `PATCH /api/v0/compilation/{id} {name}`. */
export async function renameOwnCompilation(
  ctx: ServiceContext,
  userId: string,
  id: string,
  name: string,
): Promise<CompilationMetadata> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await renameCompilation(trx, userId, id, name, nowIso()))) {
        throw notFound(COMPILATION_NOT_FOUND);
      }
      await recordEvent(ctx, trx, {
        userId,
        kind: 'compilation.changed',
        subject: id,
        data: { name, change: 'renamed' },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return summaryOf(ctx, userId, id);
}

/** `DELETE /api/v0/compilation/{id}`. */
export async function deleteOwnCompilation(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const compilation = await findCompilation(trx, userId, id);
    if (!compilation || !(await deleteCompilation(trx, userId, id))) return false;
    await recordEvent(ctx, trx, {
      userId,
      kind: 'compilation.deleted',
      subject: id,
      data: { name: compilation.name },
    });
    return true;
  });
  if (!deleted) throw notFound(COMPILATION_NOT_FOUND);
}

/** Records a change of a compilation's objects (in the transaction that made it). */
function recordObjectsChange(
  ctx: ServiceContext,
  trx: ServiceContext['db'],
  compilation: { id: string; user_id: string; name: string },
  change: 'objects_added' | 'objects_removed' | 'reordered',
  count: number,
) {
  return recordEvent(ctx, trx, {
    userId: compilation.user_id,
    kind: 'compilation.changed',
    subject: compilation.id,
    data: { name: compilation.name, change, count },
  });
}

/** Doc states of objects of several repositories, keyed `repo\0object`. */
async function statesOf(
  ctx: ServiceContext,
  rows: readonly { repo_id: string; object_id: string }[],
): Promise<Map<string, DocState>> {
  const byRepo = new Map<string, string[]>();
  for (const row of rows) {
    const ids = byRepo.get(row.repo_id);
    if (ids) ids.push(row.object_id);
    else byRepo.set(row.repo_id, [row.object_id]);
  }
  const states = new Map<string, DocState>();
  for (const [repoId, ids] of byRepo) {
    for (const state of await docStatesOfObjects(ctx.db, repoId, ids)) {
      states.set(`${repoId}\0${state.object_id}`, state);
    }
  }
  return states;
}

type ListedRow = Omit<ListedObject, 'status' | 'summary'> & {
  code_hash: string;
  present: number;
  author_summary: number;
  summary: string | null;
};

function listed(row: ListedRow, status: ListedObject['status']): ListedObject {
  return {
    object_id: row.object_id,
    repo_id: row.repo_id,
    repo_name: row.repo_name,
    name: row.name,
    qualified_name: row.qualified_name,
    kind: row.kind,
    language: row.language,
    file_id: row.file_id,
    file_path: row.file_path,
    line_start: row.line_start,
    status,
    summary: row.summary ? row.summary : null,
  };
}

/**
 * `GET /api/v0/compilation/{id}/object/metadata`: the objects in their order, each with its
 * status at its repository's current commit, or `removed` when that commit no longer has it.
 */
export async function listCompilationObjects(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<SerializedJson> {
  await ownCompilation(ctx, userId, id);
  const version = await compilationsVersion(ctx.db, userId);
  const key = `${userId}\0${id}\0${version}`;
  return objectLists.get(key, async () => {
    const rows = await listCompilationObjectRows(ctx.db, userId, id);
    const states = await statesOf(ctx, rows);
    const answer: CompilationObjectsResponse = {
      compilation_id: id,
      objects: rows.map((row) =>
        listed(
          row,
          Number(row.present) === 1
            ? statusOf(
                row.code_hash,
                states.get(`${row.repo_id}\0${row.object_id}`),
                Number(row.author_summary) === 1,
              )
            : 'removed',
        ),
      ),
    };
    return new SerializedJson(compilationObjectsResponseSchema.parse(answer), key);
  });
}

/**
 * `POST /api/v0/compilation/object`: appends the objects (idempotent: those already in stay
 * where they are). All or nothing: an id that is not an object of the caller's repositories
 * answers 404 and nothing is added.
 */
export async function addCompilationObjects(
  ctx: ServiceContext,
  userId: string,
  request: CompilationAddObjectsRequest,
): Promise<CompilationChangeResponse> {
  const compilation = await ownCompilation(ctx, userId, request.compilation_id);
  const found = await findUserObjects(ctx.db, userId, request.object_ids);
  const byId = new Map(found.map((o) => [o.id, o]));
  const missing = request.object_ids.filter((objectId) => !byId.has(objectId));
  if (missing.length > 0) {
    throw notFound(
      missing.length === 1
        ? 'Object not found'
        : `${missing.length} of these objects were not found`,
    );
  }
  const ordered = [...new Set(request.object_ids)].map((objectId) => byId.get(objectId)!);
  const added = await ctx.db.transaction().execute(async (trx) => {
    const count = await appendCompilationEntries(trx, compilation.id, ordered);
    if (count > 0) {
      await touchCompilation(trx, compilation.id, nowIso());
      await recordObjectsChange(ctx, trx, compilation, 'objects_added', count);
    }
    return count;
  });
  const summary = await summaryOf(ctx, userId, compilation.id);
  return { compilation_id: compilation.id, changed: added, object_count: summary.object_count };
}

/** `DELETE /compilation/{id}/object/{object_id}` and `POST /compilation/{id}/object/remove`. */
export async function removeCompilationObjects(
  ctx: ServiceContext,
  userId: string,
  id: string,
  objectIds: readonly string[],
  { single }: { single: boolean },
): Promise<CompilationChangeResponse> {
  const compilation = await ownCompilation(ctx, userId, id);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const count = await removeCompilationEntries(trx, compilation.id, objectIds);
    if (count > 0) {
      await touchCompilation(trx, compilation.id, nowIso());
      await recordObjectsChange(ctx, trx, compilation, 'objects_removed', count);
    }
    return count;
  });
  if (single && removed === 0) throw notFound('This object is not in the compilation');
  const summary = await summaryOf(ctx, userId, compilation.id);
  return { compilation_id: compilation.id, changed: removed, object_count: summary.object_count };
}

/**
 * `PUT /api/v0/compilation/{id}/order`: every object of the compilation exactly once, in the new
 * order. 400 for a repeated id; 409 when the list is not the compilation's objects (it changed
 * since the caller read it).
 */
export async function orderCompilation(
  ctx: ServiceContext,
  userId: string,
  id: string,
  objectIds: readonly string[],
): Promise<SerializedJson> {
  const compilation = await ownCompilation(ctx, userId, id);
  if (new Set(objectIds).size !== objectIds.length) {
    throw badRequest('body.object_ids', 'Each object may appear only once');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const current = await listCompilationEntries(trx, compilation.id);
    const known = new Set(current.map((entry) => entry.object_id));
    if (current.length !== objectIds.length || objectIds.some((o) => !known.has(o))) {
      throw conflict('The compilation changed since it was loaded; reload it and reorder again');
    }
    await setCompilationOrder(trx, compilation.id, objectIds);
    await touchCompilation(trx, compilation.id, nowIso());
    await recordObjectsChange(ctx, trx, compilation, 'reordered', objectIds.length);
  });
  return listCompilationObjects(ctx, userId, compilation.id);
}

function encodeCursor(key: SearchKey): string {
  return Buffer.from(JSON.stringify([key.rank, key.qualifiedName, key.repoId, key.id])).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string): SearchKey {
  try {
    const [rank, qualifiedName, repoId, id] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      (rank === 0 || rank === 1) &&
      typeof qualifiedName === 'string' &&
      typeof repoId === 'string' &&
      typeof id === 'string'
    ) {
      return { rank, qualifiedName, repoId, id };
    }
  } catch {
    // answered below
  }
  throw badRequest('query.cursor', 'This cursor is not one a search answered');
}

/**
 * `GET /api/v0/objects/search`: the caller's objects at their repositories' current commits,
 * across repositories, filtered and paged (prefix matches first).
 */
export async function searchUserObjects(
  ctx: ServiceContext,
  userId: string,
  query: ObjectSearchQuery,
): Promise<ObjectSearchResponse> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const text = query.q?.toLowerCase();
  const rows = await searchObjects(ctx.db, dialectOf(ctx.config), {
    userId,
    ...(text && { text }),
    ...(query.kind && { kind: query.kind }),
    ...(query.language && { language: query.language }),
    ...(query.repo_id && { repoId: query.repo_id }),
    ...(query.status && { status: query.status }),
    ...(after && { after }),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    objects: page.map((row) => listed(row, row.status as ObjectStatus)),
    cursor:
      rows.length > query.limit && last
        ? encodeCursor({
            rank: Number(last.rank),
            qualifiedName: last.qualified_name,
            repoId: last.repo_id,
            id: last.object_id,
          })
        : null,
  };
}
