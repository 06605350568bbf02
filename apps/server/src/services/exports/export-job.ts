import { randomBytes } from 'node:crypto';
import { exportDocumentSchema } from '@codedocs/contract';
import type { ExportBuildPayload } from '../../jobs/definitions/index';
import { PermanentJobError, type JobHandler } from '../../jobs/job-definition';
import { findCompilation } from '../../repositories/compilations-repository';
import { failExport, findExport, publishExport } from '../../repositories/exports-repository';
import { nowIso } from '../context';
import { exportStoreOf } from './export-store';
import { EXPORT_FILE } from './export-service';
import { exportDocument } from './json-export';
import { markdownFolder } from './markdown-export';
import { buildPatch, PatchScopeError } from './patch-export';
import { buildIdOf } from '../sites/orphan-builds';
import { buildRepositorySiteModel, buildSiteModel, SiteModelError } from '../sites/site-model';
import type { SiteModel } from '@codedocs/contract';
import type { ExportRow } from '../../repositories/exports-repository';
import type { JobServiceContext as JobDeps } from '../job-context';

/** What a build wrote: its files and what the export's summary says. */
interface Built {
  files: { path: string; text: string }[];
  pins: { repo_id: string; repo_name: string; commit_id: string }[];
  summary: Record<string, unknown>;
}

const permanent = (error: unknown): never => {
  throw error instanceof SiteModelError || error instanceof PatchScopeError
    ? new PermanentJobError(error.message)
    : error;
};

async function modelOf(deps: JobDeps, row: ExportRow): Promise<SiteModel> {
  const at = nowIso();
  if (row.compilation_id) {
    const compilation = await findCompilation(deps.db, row.owner_id, row.compilation_id);
    if (!compilation) throw new PermanentJobError('The compilation of this export was deleted');
    return buildSiteModel(deps, row.owner_id, compilation, row.name, at).catch(permanent);
  }
  if (!row.repo_id) throw new PermanentJobError('The repository of this export was deleted');
  return buildRepositorySiteModel(deps, row.owner_id, row.repo_id, at).catch(permanent);
}

const pinsOf = (model: SiteModel) =>
  model.repositories.map((r) => ({
    repo_id: r.repo_id,
    repo_name: r.name,
    commit_id: r.commit_id,
  }));

async function build(deps: JobDeps, row: ExportRow): Promise<Built> {
  if (row.kind === 'patch') {
    if (!row.repo_id) throw new PermanentJobError('The repository of this export was deleted');
    const options = JSON.parse(row.options) as {
      fields?: 'edited' | 'accepted';
      paths?: string[] | null;
    };
    const result = await buildPatch(deps, row.owner_id, {
      repoId: row.repo_id,
      compilationId: row.compilation_id,
      paths: options.paths ?? null,
      fields: options.fields ?? 'edited',
    }).catch(permanent);
    return {
      files: [{ path: EXPORT_FILE.patch, text: result.patch }],
      pins: [result.repo],
      summary: {
        written: result.written,
        skipped: result.skipped.slice(0, 100),
        changed: result.files,
      },
    };
  }
  const model = await modelOf(deps, row);
  if (model.repositories.length === 0) {
    throw new PermanentJobError(
      'This compilation has no objects in the code to export; add objects first',
    );
  }
  if (row.kind === 'json') {
    const document = exportDocumentSchema.parse(
      exportDocument(
        model,
        row.compilation_id
          ? { kind: 'compilation', compilation_id: row.compilation_id, name: row.name }
          : { kind: 'repository', repo_id: row.repo_id!, name: row.name },
      ),
    );
    return {
      files: [{ path: EXPORT_FILE.json, text: `${JSON.stringify(document, null, 2)}\n` }],
      pins: pinsOf(model),
      summary: {},
    };
  }
  const files = markdownFolder(model);
  return { files, pins: pinsOf(model), summary: { files: files.map((f) => f.path) } };
}

/**
 * Builds an export into a new store directory and marks it ready with its files counted; a
 * failure marks it failed with a sentence (the directory is removed). Progress: gathering, then
 * files written.
 */
export function exportBuildHandler(deps: JobDeps): JobHandler<ExportBuildPayload> {
  return async ({ payload, jobId, signal, reportProgress }) => {
    const row = await findExport(deps.db, payload.export_id);
    if (!row) return { published: false, reason: 'The export was deleted' };
    const store = exportStoreOf(deps);
    const buildId = `${buildIdOf(jobId)}-${randomBytes(4).toString('hex')}`;
    const writer = store.writer(row.id, buildId);
    try {
      await reportProgress(0, 1, 'Gathering the documentation');
      const built = await build(deps, row);
      signal.throwIfAborted();
      let done = 0;
      for (const file of built.files) {
        await writer.write(file.path, file.text);
        done++;
        if (done === built.files.length || done % 50 === 0)
          await reportProgress(done, built.files.length, 'Writing files');
      }
      await writer.finish();
      const written = writer.written();
      const published = await publishExport(
        deps.db,
        row.id,
        {
          buildId,
          fileCount: row.kind === 'patch' ? Number(built.summary.changed ?? 0) : written.length,
          size: written.reduce((sum, f) => sum + f.size, 0),
          pins: JSON.stringify(built.pins),
          summary: JSON.stringify(built.summary),
        },
        nowIso(),
      );
      if (!published) await store.remove(row.id);
      return { published, export_id: row.id, files: written.length };
    } catch (error) {
      await writer.finish().catch(() => undefined);
      await store.remove(row.id, buildId);
      const message =
        error instanceof PermanentJobError
          ? error.message
          : 'The export could not be built; try again';
      if (error instanceof PermanentJobError || !signal.aborted) {
        await failExport(deps.db, row.id, message, nowIso());
      }
      throw error;
    }
  };
}
