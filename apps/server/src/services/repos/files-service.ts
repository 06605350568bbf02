import {
  ErrorCode,
  FILE_CONTENT_MAX_BYTES,
  FILES_PAGE_DEFAULT_LIMIT,
  filesPageSchema,
} from '@codedocs/contract';
import type { FileContentJson, FileContentQuery, FilesPage, FilesQuery } from '@codedocs/contract';
import type { Repo } from '@codedocs/db';
import { looksBinary } from '@codedocs/engine/languages';
import { AppError, notFound, serviceUnavailable } from '../../errors/index';
import { isGitError, readBlob } from '../../git/index';
import { presentFile } from '../../presenters/file-presenter';
import { SerializedJson } from '../../presenters/serialized-json';
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
import type { FilesCursor } from './pagination-token';
import { localGit } from './repo-git';
import { mirrorOf } from './mirror';
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

/** Pages of at most this many files are kept once serialized (a default page is about 90 kB). */
const KEPT_PAGE_LIMIT = 1000;

/**
 * Serialized pages by everything that decides them: a listed commit's listing never changes,
 * so the same page (same repository URL, commit, filters, position and size) is the same bytes.
 * At most 128 pages of at most KEPT_PAGE_LIMIT files: about 25 MB at worst.
 */
const pages = new Memo<SerializedJson>(128);

/**
 * `GET /api/v3/repo/files/{repo_id}`: one page of a listed commit's files in path order. The
 * token pins the commit, the filters and the total, so paging stays consistent while the
 * repository syncs; the extension counts come with the first page only.
 *
 * A page is built, checked against the contract and serialized once per version and sent as
 * those bytes with an ETag after that (`If-None-Match` gets 304): under 200 concurrent requests
 * the work per request was reading 500 rows, presenting and validating them and writing 90 kB of
 * JSON, which queued every request of the process behind it.
 */
export async function filesPage(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
  query: FilesQuery,
): Promise<SerializedJson> {
  const repo = await ownRepo(ctx, userId, repoId);
  const cursor =
    query.pagination_token === undefined ? null : decodeFilesToken(query.pagination_token);
  const commitId = await listedCommit(ctx, repo, cursor?.commit ?? query.commit_id);
  const q = cursor ? cursor.q : query.q || null;
  const extension = cursor ? cursor.extension : (query.extension ?? null);
  const limit = query.limit ?? FILES_PAGE_DEFAULT_LIMIT;
  const version = JSON.stringify([
    repo.id,
    repo.url,
    commitId,
    q,
    extension,
    limit,
    cursor && [cursor.after, cursor.total],
  ]);
  const build = async () => {
    const page = await buildFilesPage(ctx, repo, { commitId, q, extension, limit, cursor });
    return new SerializedJson(filesPageSchema.parse(page), version);
  };
  return limit <= KEPT_PAGE_LIMIT ? pages.get(version, build) : build();
}

/** One files page read from the database. */
async function buildFilesPage(
  ctx: ServiceContext,
  repo: Repo,
  page: {
    commitId: string;
    q: string | null;
    extension: string | null;
    limit: number;
    cursor: FilesCursor | null;
  },
): Promise<FilesPage> {
  const { commitId, q, extension, limit, cursor } = page;
  const filter = {
    repoId: repo.id,
    commitId,
    q: q ?? undefined,
    extension: extension ?? undefined,
  };
  const rows = await pageFiles(ctx.db, {
    ...filter,
    afterPath: cursor?.after ?? null,
    limit: limit + 1,
  });
  const total =
    cursor?.total ??
    (await totals.get(JSON.stringify([repo.id, commitId, q, extension]), () =>
      countFiles(ctx.db, filter),
    ));
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    files: shown.map((row) => presentFile(row, repo.url)),
    pagination_token:
      rows.length > limit && last
        ? encodeFilesToken({ commit: commitId, after: last.path, q, extension, total })
        : null,
    commit_id: commitId,
    total,
    extensions: cursor
      ? []
      : await extensions.get(`${repo.id}\0${commitId}`, () =>
          extensionCounts(ctx.db, repo.id, commitId),
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
  const unavailable = () =>
    serviceUnavailable('The clone of this repository is not available; try again later');
  const mirror = await mirrorOf(ctx, repoId).catch(() => {
    throw unavailable();
  });
  const blob = await readBlob(mirror, file.blob_sha, {
    ...localGit(ctx.config),
    maxBytes: FILE_CONTENT_MAX_BYTES,
  }).catch((error: unknown) => {
    if (!isGitError(error)) throw error;
    throw unavailable();
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
