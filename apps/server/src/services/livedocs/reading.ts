import type {
  LivedocsCommitsResponse,
  LivedocsFilesQuery,
  LivedocsFilesResponse,
  LivedocsHistoryResponse,
  LivedocsMetadataQuery,
  LivedocsMetadataResponse,
} from '@codedocs/contract';
import { LIVEDOCS_METADATA_MAX_FILES, livedocsFilesResponseSchema } from '@codedocs/contract';
import type { Repo } from '@codedocs/db';
import { badRequest, notFound } from '../../errors/index';
import { indexTaskId, repoIndexJob } from '../../jobs/definitions/index';
import type { JobQueue } from '../../jobs/job-queue';
import {
  findCodeObject,
  findRepoIndex,
  listPresentObjects,
  listRepoIndexes,
} from '../../repositories/code-index-repository';
import {
  docStatesOfObjects,
  docStatesOfRepo,
  listRevisions,
} from '../../repositories/docs-repository';
import type { DocState } from '../../repositories/docs-repository';
import { Memo } from '../../repositories/memo';
import { deleteFinishedJob, findJob } from '../../repositories/jobs-repository';
import { SerializedJson } from '../../presenters/serialized-json';
import type { ServiceContext } from '../context';
import { fileWebUrl } from '../repos/repo-web';
import { listedCommit } from '../repos/files-service';
import { ownRepo } from '../repos/repo-tasks-service';
import { fileModels, filesWithObjects } from './commit-model';
import type { CommitFile } from './commit-model';
import { hasAuthorSummary, objectWebUrl, statusOf } from './doc-status';

/** An indexed commit of the repository, or 404 naming why. */
export async function indexedCommitOf(
  ctx: ServiceContext,
  repo: Repo,
  asked: string | undefined,
): Promise<string> {
  const commitId = await listedCommit(ctx, repo, asked);
  if (!(await findRepoIndex(ctx.db, repo.id, commitId))) {
    throw notFound('This commit has not been indexed yet');
  }
  return commitId;
}

const byObject = (states: DocState[]) => new Map(states.map((s) => [s.object_id, s]));

/** Documented, generated-only and stale objects per file path of one commit. */
type FileDocCounts = Map<string, { documented: number; generated: number; stale: number }>;

/**
 * The file list of an indexed commit, built once per `docs_revision` of the repository (bumped
 * by every write that can change a status) and sent as is: counting reads every object of the
 * commit and its docs (hundreds of milliseconds for 20,000 objects), and the answer is megabytes
 * of JSON, while the live-docs screen asks for it on every load.
 */
const fileLists = new Memo<SerializedJson>(8);

async function countByFile(
  ctx: ServiceContext,
  repo: Repo,
  commitId: string,
  files: readonly CommitFile[],
): Promise<FileDocCounts> {
  const states = byObject(await docStatesOfRepo(ctx.db, repo.id));
  const counts: FileDocCounts = new Map();
  const count = (path: string, id: string, hash: string, authorSummary: boolean) => {
    const status = statusOf(hash, states.get(id), authorSummary);
    const entry = counts.get(path) ?? { documented: 0, generated: 0, stale: 0 };
    if (status === 'documented') entry.documented++;
    if (status === 'generated') entry.generated++;
    if (status === 'stale') entry.stale++;
    counts.set(path, entry);
  };
  if (commitId === repo.head_commit) {
    for (const o of await listPresentObjects(ctx.db, repo.id))
      count(o.file_path, o.id, o.code_hash, Number(o.author_summary) === 1);
  } else {
    for (const model of await fileModels(ctx.db, repo.id, files)) {
      for (const o of model.objects) count(model.path, o.id, o.codeHash, hasAuthorSummary(o));
    }
  }
  return counts;
}

/**
 * `GET /api/v0/livedocs/files/{repo_id}`: the commit's files that hold objects with their doc
 * counts. A listed commit nobody has indexed yet (a repo connected before live docs, an old
 * commit picked by id) gets its indexing queued here, and the answer says to follow that task.
 */
export async function livedocsFiles(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  repoId: string,
  query: LivedocsFilesQuery,
): Promise<LivedocsFilesResponse | SerializedJson> {
  const repo = await ownRepo(ctx, userId, repoId);
  const commitId = await listedCommit(ctx, repo, query.commit_id);
  if (!(await findRepoIndex(ctx.db, repo.id, commitId))) {
    const taskId = indexTaskId(repo.id, commitId);
    let job = await findJob(ctx.db, taskId);
    // the index that task made is gone since (retention pruned the commit, or an engine upgrade
    // set its schema aside): the same task id runs again
    if (job?.status === 'succeeded' && (await deleteFinishedJob(ctx.db, taskId))) job = undefined;
    if (!job) {
      await queue.enqueue(
        repoIndexJob,
        { repo_id: repo.id, commit_id: commitId },
        { id: taskId, userId },
      );
      job = await findJob(ctx.db, taskId);
    }
    const status =
      job?.status === 'failed' ? 'failed' : job?.status === 'succeeded' ? 'indexed' : 'indexing';
    if (status !== 'indexed')
      return { commit_id: commitId, index_status: status, task_id: taskId, files: [] };
  }
  const version = [repo.id, repo.url, commitId, commitId === repo.head_commit, repo.docs_revision];
  return fileLists.get(version.join('\0'), async () => {
    const files = await filesWithObjects(ctx.db, repo.id, commitId, null);
    const counts = await countByFile(ctx, repo, commitId, files);
    const answer: LivedocsFilesResponse = {
      commit_id: commitId,
      index_status: 'indexed',
      task_id: null,
      files: files.map((file) => ({
        file_id: file.file_id,
        file_name: file.name,
        file_path: file.path,
        file_url: fileWebUrl(repo.url, commitId, file.path),
        extension: file.extension,
        language: file.language,
        object_count: file.object_count,
        documented_count: counts.get(file.path)?.documented ?? 0,
        generated_count: counts.get(file.path)?.generated ?? 0,
        stale_count: counts.get(file.path)?.stale ?? 0,
      })),
    };
    // checked once here, as the route's serializer checks every answer it builds
    return new SerializedJson(livedocsFilesResponseSchema.parse(answer), version.join('\0'));
  });
}

/** `GET /api/v0/livedocs/metadata/{repo_id}`: chosen files of an indexed commit → their objects. */
export async function livedocsMetadata(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
  query: LivedocsMetadataQuery,
): Promise<LivedocsMetadataResponse> {
  const repo = await ownRepo(ctx, userId, repoId);
  const commitId = await indexedCommitOf(ctx, repo, query.commit_id);
  const fileIds = query.file_id ? query.file_id.split(',').filter(Boolean) : null;
  if (fileIds && fileIds.length > LIVEDOCS_METADATA_MAX_FILES) {
    throw badRequest('query.file_id', `At most ${LIVEDOCS_METADATA_MAX_FILES} files per call`);
  }
  const files = await filesWithObjects(ctx.db, repo.id, commitId, fileIds);
  const models = await fileModels(ctx.db, repo.id, files);
  const states = byObject(
    await docStatesOfObjects(
      ctx.db,
      repo.id,
      models.flatMap((m) => m.objects.map((o) => o.id)),
    ),
  );
  const fileOf = new Map(files.map((f) => [f.path, f]));
  return {
    commit_id: commitId,
    metadata: {
      files: models.map((model) => {
        const file = fileOf.get(model.path);
        const fileUrl = fileWebUrl(repo.url, commitId, model.path);
        return {
          file_id: file?.file_id ?? '',
          file_path: model.path,
          file_url: fileUrl,
          language: model.language,
          objects: model.objects.map((o) => ({
            object_id: o.id,
            object_url: objectWebUrl(fileUrl, o.range.startLine, o.range.endLine),
            file_id: file?.file_id ?? '',
            name: o.name,
            qualified_name: o.qualifiedName,
            kind: o.kind,
            line_start: o.range.startLine,
            line_end: o.range.endLine,
            parent_id: o.parentId ?? null,
            status: statusOf(o.codeHash, states.get(o.id), hasAuthorSummary(o)),
            last_updated: states.get(o.id)?.last_updated ?? null,
          })),
        };
      }),
    },
  };
}

/** `GET /api/v0/livedocs/commits/{repo_id}`: the commits the engine has read, newest first. */
export async function livedocsCommits(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
): Promise<LivedocsCommitsResponse> {
  const repo = await ownRepo(ctx, userId, repoId);
  const rows = await listRepoIndexes(ctx.db, repo.id);
  return {
    commits: rows.map((row) => ({
      commit_id: row.commit_id,
      indexed_at: new Date(row.indexed_at).toISOString(),
      object_count: row.object_count,
      is_current: row.commit_id === repo.head_commit,
    })),
  };
}

/** `GET /api/v0/livedocs/history/{repo_id}`: a field's saved versions, newest first. */
export async function fieldHistory(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
  query: { object_id: string; field_id: string },
): Promise<LivedocsHistoryResponse> {
  const repo = await ownRepo(ctx, userId, repoId);
  if (!(await findCodeObject(ctx.db, repo.id, query.object_id))) throw notFound('Object not found');
  const rows = await listRevisions(ctx.db, repo.id, query.object_id, query.field_id);
  return {
    revisions: rows.map((row) => ({
      version: row.version,
      value: row.value,
      source: row.source as 'generated' | 'edited' | 'imported',
      created_at: new Date(row.created_at).toISOString(),
      created_by: row.created_by,
      written_at_commit: row.written_at_commit,
    })),
  };
}
