import { randomBytes } from 'node:crypto';
import { buildSite } from '@codedocs/sitegen';
import type { SiteBuildPayload } from '../../jobs/definitions/index';
import { PermanentJobError, type JobHandler } from '../../jobs/job-definition';
import { findCompilation } from '../../repositories/compilations-repository';
import {
  failFolderBuild,
  findFolder,
  markFolderBuilding,
  publishFolderBuild,
} from '../../repositories/folders-repository';
import { catalogueEntry, currentPlan } from '../billing/subscription-service';
import { nowIso } from '../context';
import { buildIdOf } from './orphan-builds';
import { buildSiteModel, SiteModelError } from './site-model';
import { folderFileId, siteStoreOf } from './staticdocs-service';
import type { SiteBuildWriter } from '../../sites/site-store';
import { recordEvent } from '../activity/record-event';
import type { JobServiceContext as JobDeps } from '../job-context';

const MB = 1024 * 1024;

/** Refuses (for good: a retry writes the same bytes) a site over the plan's size of a folder. */
async function refuseOversize(
  deps: JobDeps,
  ownerId: string,
  files: readonly { size: number }[],
): Promise<void> {
  const { plan } = await currentPlan(deps, ownerId);
  const { name, quotas } = catalogueEntry(plan);
  const limit = quotas.static_folder_bytes;
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (limit !== null && bytes > limit) {
    throw new PermanentJobError(
      `This site takes ${(bytes / MB).toFixed(1)} MB and the ${name} plan allows ${Math.round(limit / MB)} MB per site; remove objects from the pocket or upgrade your plan`,
    );
  }
}

/**
 * Builds the folder's site into a new directory, then publishes it in one transaction (its files
 * recorded, the folder pointed at the directory) and removes the directory it replaced. A
 * failure leaves the published site as it was (a folder never built is marked failed); the new
 * directory is removed, and one a crash left behind is removed by the maintenance job. Every
 * attempt writes a directory of its own.
 */
export function siteBuildHandler(deps: JobDeps): JobHandler<SiteBuildPayload> {
  const store = deps.siteStore ?? siteStoreOf(deps);
  return async ({ payload, jobId, signal, reportProgress }) => {
    const folder = await findFolder(deps.db, payload.folder_id);
    if (!folder) return { published: false, reason: 'The folder was deleted' };
    const buildId = `${buildIdOf(jobId)}-${randomBytes(4).toString('hex')}`;
    await markFolderBuilding(deps.db, folder.id, jobId, nowIso());
    let writer: SiteBuildWriter | undefined;
    try {
      const compilation = folder.compilation_id
        ? await findCompilation(deps.db, folder.owner_id, folder.compilation_id)
        : undefined;
      if (!compilation) {
        throw new PermanentJobError(
          'The compilation this folder was built from was deleted; the site cannot be built',
        );
      }
      await reportProgress(0, 1, 'Gathering the compilation');
      const model = await buildSiteModel(
        deps,
        folder.owner_id,
        compilation,
        folder.name,
        nowIso(),
      ).catch((error: unknown) => {
        throw error instanceof SiteModelError ? new PermanentJobError(error.message) : error;
      });
      if (model.repositories.length === 0) {
        throw new PermanentJobError(
          'This compilation has no objects in the code to build a site from; add objects first',
        );
      }
      writer = store.writer(folder.id, buildId);
      let reported = 0;
      await buildSite(model, writer, {
        onProgress: (done, total) => {
          signal.throwIfAborted();
          // a progress row per percent at most
          if (done === total || done - reported >= Math.max(1, total / 100)) {
            reported = done;
            void reportProgress(done, total, 'Writing pages');
          }
        },
      });
      await writer.finish();
      signal.throwIfAborted();
      const written = writer.written();
      await refuseOversize(deps, folder.owner_id, written);
      const pins = JSON.stringify(
        model.repositories.map((repo) => ({
          repo_id: repo.repo_id,
          repo_name: repo.name,
          commit_id: repo.commit_id,
        })),
      );
      const files = written.map((file) => ({ ...file, file_id: folderFileId(file.path) }));
      const bytes = files.reduce((sum, file) => sum + file.size, 0);
      const published = await deps.db.transaction().execute(async (trx) => {
        const done = await publishFolderBuild(trx, folder.id, { buildId, files, pins }, nowIso());
        if (done) {
          await recordEvent(deps, trx, {
            userId: folder.owner_id,
            kind: 'site.built',
            subject: folder.id,
            data: { name: folder.name, files: files.length, bytes },
          });
        }
        return done;
      });
      if (!published) {
        await store.remove(folder.id);
        return { published: false, reason: 'The folder was deleted' };
      }
      if (published.previous && published.previous !== buildId) {
        await store.remove(folder.id, published.previous);
      }
      return {
        published: true,
        folder_id: folder.id,
        files: files.length,
        bytes,
      };
    } catch (error) {
      // uploads still in flight would land after the removal
      await writer?.finish().catch(() => undefined);
      await store.remove(folder.id, buildId);
      const message =
        error instanceof PermanentJobError
          ? error.message
          : 'The site could not be built; try again';
      if (error instanceof PermanentJobError || !signal.aborted) {
        await failFolderBuild(deps.db, folder.id, message, nowIso());
      }
      throw error;
    }
  };
}
