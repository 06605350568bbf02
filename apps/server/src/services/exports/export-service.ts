import { PassThrough, type Readable } from 'node:stream';
import type {
  CreateExportRequest,
  CreateExportResponse,
  Export,
  ExportDocument,
  ExportListQuery,
  ExportListResponse,
} from '@codedocs/contract';
import { ZipFile } from 'yazl';
import { newId } from '../../auth/random-id';
import { badRequest, conflict, notFound } from '../../errors/index';
import { exportBuildJob } from '../../jobs/definitions/index';
import type { JobQueue } from '../../jobs/job-queue';
import {
  findCompilation,
  listCompilationObjectRows,
} from '../../repositories/compilations-repository';
import {
  deleteOwnExport,
  findOwnExport,
  insertExport,
  listOwnExports,
  type ExportRow,
} from '../../repositories/exports-repository';
import { findRepoWithCounts } from '../../repositories/repos-repository';
import { nowIso, type ServiceContext } from '../context';
import { decodeCursor, downloadName, encodeCursor } from '../sites/staticdocs-service';
import { exportStoreOf } from './export-store';

const EXPORT_NOT_FOUND = 'Export not found';

/** The store path of each kind's download (Markdown: a folder, zipped on download). */
export const EXPORT_FILE: Record<'json' | 'patch', string> = {
  json: 'codedocs-export.json',
  patch: 'docs.patch',
};

function parsed<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** An export as the API shows it. */
export function presentExport(row: ExportRow): Export {
  const options = parsed<{ fields?: Export['fields'] }>(row.options, {});
  const summary = parsed<{ written?: number; skipped?: Export['skipped'] }>(row.summary, {});
  return {
    export_id: row.id,
    kind: row.kind as Export['kind'],
    name: row.name,
    compilation_id: row.compilation_id,
    repo_id: row.repo_id,
    fields: row.kind === 'patch' ? (options.fields ?? 'edited') : null,
    status: row.status as Export['status'],
    error: row.error,
    task_id: row.task_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    file_count: row.file_count,
    size: row.size,
    pins: parsed<Export['pins']>(row.pins, []),
    written: summary.written ?? 0,
    skipped: (summary.skipped ?? []).slice(0, 100),
  };
}

/**
 * `POST /api/v1/exports`: checks the source is the caller's (404 otherwise; a patch needs one
 * repository), records the export and queues its build.
 */
export async function createExport(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  request: CreateExportRequest,
): Promise<CreateExportResponse> {
  const compilation = request.compilation_id
    ? await findCompilation(ctx.db, userId, request.compilation_id)
    : undefined;
  if (request.compilation_id && !compilation) throw notFound('Compilation not found');
  let repoId = request.repo_id ?? null;
  let name = request.name ?? compilation?.name;
  if (repoId) {
    const repo = await findRepoWithCounts(ctx.db, repoId, userId);
    if (!repo) throw notFound('Repository not found');
    name ??= repo.name;
  }
  if (request.kind === 'patch' && compilation && !repoId) {
    const repos = new Set(
      (await listCompilationObjectRows(ctx.db, userId, compilation.id)).map((r) => r.repo_id),
    );
    if (repos.size !== 1) {
      throw badRequest(
        'repo_id',
        repos.size === 0
          ? 'This compilation has no objects to write back'
          : 'This compilation spans several repositories; name the repo_id to write a patch for',
      );
    }
    repoId = [...repos][0]!;
  }
  const id = newId();
  const taskId = `export:${id}`;
  await insertExport(ctx.db, {
    id,
    owner_id: userId,
    kind: request.kind,
    name: name ?? request.kind,
    compilation_id: compilation?.id ?? null,
    repo_id: repoId,
    options: JSON.stringify(
      request.kind === 'patch'
        ? { fields: request.fields ?? 'edited', paths: request.paths ?? null }
        : {},
    ),
    task_id: taskId,
    created_at: nowIso(),
  });
  const task = await queue.enqueue(exportBuildJob, { export_id: id }, { id: taskId, userId });
  return { export_id: id, task_id: task.task_id };
}

/** `GET /api/v1/exports`: the caller's export history, newest first. */
export async function listExports(
  ctx: ServiceContext,
  userId: string,
  query: ExportListQuery,
): Promise<ExportListResponse> {
  const after = query.cursor ? decodeCursor(query.cursor, 2) : undefined;
  const rows = await listOwnExports(
    ctx.db,
    userId,
    query.limit,
    after && { createdAt: after[0]!, id: after[1]! },
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    exports: page.map(presentExport),
    cursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
  };
}

/** One of the caller's exports, or 404. */
export async function ownExport(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<ExportRow> {
  const row = await findOwnExport(ctx.db, userId, id);
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  return row;
}

function readyBuild(row: ExportRow): string {
  if (row.status !== 'ready' || !row.build_id) {
    throw conflict(
      row.status === 'failed'
        ? 'This export failed; create it again'
        : 'This export is still being built; download it when it is ready',
    );
  }
  return row.build_id;
}

/** The patch's text, to show as a diff before download (409 while it builds). */
export async function exportPatchText(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<string> {
  const row = await ownExport(ctx, userId, id);
  if (row.kind !== 'patch') throw notFound(EXPORT_NOT_FOUND);
  const stream = await exportStoreOf(ctx).open(row.id, readyBuild(row), EXPORT_FILE.patch);
  if (!stream) throw notFound(EXPORT_NOT_FOUND);
  return streamText(stream);
}

async function streamText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON export's document, parsed (served with its schema, so the OpenAPI names it). */
export async function exportDocumentOf(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<ExportDocument> {
  const row = await ownExport(ctx, userId, id);
  if (row.kind !== 'json') throw notFound(EXPORT_NOT_FOUND);
  const stream = await exportStoreOf(ctx).open(row.id, readyBuild(row), EXPORT_FILE.json);
  if (!stream) throw notFound(EXPORT_NOT_FOUND);
  return JSON.parse(await streamText(stream)) as ExportDocument;
}

/**
 * The download: a zip of the Markdown folder, the JSON document, or the patch, streamed from
 * the store with a file name from the export's name.
 */
export async function downloadExport(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<{ stream: Readable; name: string; contentType: string }> {
  const row = await ownExport(ctx, userId, id);
  const buildId = readyBuild(row);
  const store = exportStoreOf(ctx);
  const base = downloadName(row.name);
  if (row.kind === 'json' || row.kind === 'patch') {
    const stream = await store.open(row.id, buildId, EXPORT_FILE[row.kind]);
    if (!stream) throw notFound(EXPORT_NOT_FOUND);
    return row.kind === 'json'
      ? { stream, name: `${base}.json`, contentType: 'application/json; charset=utf-8' }
      : { stream, name: `${base}.patch`, contentType: 'text/x-diff; charset=utf-8' };
  }
  const files = parsed<{ files?: string[] }>(row.summary, {}).files ?? [];
  // the zip's one top folder: never `.` or `..`
  const folder = base.replace(/^[.\s]+/, '') || 'export';
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  void (async () => {
    try {
      for (const path of files) {
        const stream = await store.open(row.id, buildId, path);
        if (!stream) throw new Error(`a file of the export is missing: ${path}`);
        await new Promise<void>((resolve, reject) => {
          stream.once('end', resolve).once('error', reject);
          zip.addReadStream(stream, `${folder}/${path}`, { mtime: new Date(row.updated_at) });
        });
      }
      zip.end();
    } catch (error) {
      ctx.log.error({ err: error, exportId: row.id }, 'zip of an export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return { stream: out, name: `${base}.zip`, contentType: 'application/zip' };
}

/** `DELETE /api/v1/exports/{id}`: the export and its files. */
export async function deleteExport(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnExport(ctx.db, userId, id))) throw notFound(EXPORT_NOT_FOUND);
  await exportStoreOf(ctx).remove(id);
}
