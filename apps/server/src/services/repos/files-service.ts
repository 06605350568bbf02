import { ErrorCode, FILE_CONTENT_MAX_BYTES, FILES_PAGE_DEFAULT_LIMIT } from '@codedocs/contract';
import type { FileContentJson, FileContentQuery, FilesPage, FilesQuery } from '@codedocs/contract';
import type { Repo } from '@codedocs/db';
import { looksBinary } from '@codedocs/engine/languages';
import { AppError, notFound, serviceUnavailable } from '../../errors/index';
import { isGitError, readBlob } from '../../git/index';
import { presentFile } from '../../presenters/file-presenter';
import {
  countFiles,
  extensionCounts,
  findFile,
  pageFiles,
} from '../../repositories/files-repository';
import { isCommitListed } from '../../repositories/repos-repository';
import type { ServiceContext } from '../context';
import { Memo } from '../../repositories/memo';
import { decodeFilesToken, encodeFilesToken } from './pagination-token';
import { localGit } from './repo-git';
import { repoDirectory } from './repo-paths';
import { fileWebUrl } from './repo-web';
import { ownRepo } from './repo-tasks-service';

/**
 * A listed commit's listing never changes (it is recorded as complete once written, and a commit
 * id names its tree), so its totals and extension counts are counted once per filter: a first
 * page of 100,000 files then reads 500 rows, not 100,000.
 */
const totals = new Memo<number>(512);
const extensions = new Memo<{ extension: string; count: number }[]>(64);

/**
 * The commit a files or live-docs request reads: the one asked for, else the current one;
 * listed or 404.
 */
export async function listedCommit(
  ctx: ServiceContext,
  repo: Repo,
  asked: string | undefined,
): Promise<string> {
  const commitId = asked ?? repo.head_commit;
  if (commitId === null || !(await isCommitListed(ctx.db, repo.id, commitId))) {
    throw notFound('This commit is not listed for this repository');
  }
  return commitId;
}

/**
 * `GET /api/v3/repo/files/{repo_id}`: one page of a listed commit's files in path order. The
 * token pins the commit, the filters and the total, so paging stays consistent while the
 * repository syncs; the extension counts come with the first page only.
 */
export async function filesPage(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
  query: FilesQuery,
): Promise<FilesPage> {
  const repo = await ownRepo(ctx, userId, repoId);
  const cursor =
    query.pagination_token === undefined ? null : decodeFilesToken(query.pagination_token);
  const commitId = await listedCommit(ctx, repo, cursor?.commit ?? query.commit_id);
  const q = cursor ? cursor.q : query.q || null;
  const extension = cursor ? cursor.extension : (query.extension ?? null);
  const filter = {
    repoId,
    commitId,
    q: q ?? undefined,
    extension: extension ?? undefined,
  };
  const limit = query.limit ?? FILES_PAGE_DEFAULT_LIMIT;
  const rows = await pageFiles(ctx.db, {
    ...filter,
    afterPath: cursor?.after ?? null,
    limit: limit + 1,
  });
  const total =
    cursor?.total ??
    (await totals.get(JSON.stringify([repoId, commitId, q, extension]), () =>
      countFiles(ctx.db, filter),
    ));
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    files: page.map((row) => presentFile(row, repo.url)),
    pagination_token:
      rows.length > limit && last
        ? encodeFilesToken({ commit: commitId, after: last.path, q, extension, total })
        : null,
    commit_id: commitId,
    total,
    extensions: cursor
      ? []
      : await extensions.get(`${repoId}\0${commitId}`, () =>
          extensionCounts(ctx.db, repoId, commitId),
        ),
  };
}

const unsupported = (message: string) => new AppError(ErrorCode.unsupportedMediaType, message);

/**
 * `GET /api/v0/file/content/{repo_id}`: a file's text read from the object store (symlinks
 * give their target's name and are never followed), cut at FILE_CONTENT_MAX_BYTES. Binary
 * files and submodules are 415; invalid UTF-8 is decoded leniently.
 */
export async function fileContent(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
  query: FileContentQuery,
): Promise<FileContentJson> {
  const repo = await ownRepo(ctx, userId, repoId);
  const commitId = await listedCommit(ctx, repo, query.commit_id);
  const file = await findFile(ctx.db, repoId, commitId, query.file_id);
  if (!file) throw notFound('File not found');
  if (file.mode === '160000') throw unsupported('This is a submodule and has no content to show');
  const blob = await readBlob(repoDirectory(ctx.config.dataDir, repoId), file.blob_sha, {
    ...localGit(ctx.config),
    maxBytes: FILE_CONTENT_MAX_BYTES,
  }).catch((error: unknown) => {
    if (!isGitError(error)) throw error;
    throw serviceUnavailable('The clone of this repository is not available; try again later');
  });
  if (looksBinary(blob.content)) throw unsupported('This file is binary and cannot be shown');
  // A cut inside a multi-byte character leaves that character out instead of showing U+FFFD.
  const content = new TextDecoder('utf-8').decode(blob.content, { stream: blob.truncated });
  return {
    file_id: file.file_id,
    file_path: file.path,
    file_url: fileWebUrl(repo.url, commitId, file.path),
    content,
    language: file.language,
    size: blob.size,
    truncated: blob.truncated,
    commit_id: commitId,
  };
}
