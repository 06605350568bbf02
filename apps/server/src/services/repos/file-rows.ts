import { createHash } from 'node:crypto';
import { fileExtension } from '@codedocs/contract';
import type { NewRepoFile } from '@codedocs/db';
import { detectLanguage } from '@codedocs/engine/languages';
import type { TreeEntry } from '../../git/index';

/**
 * The stable id of a path in a repository: the same in every commit (so links and docs survive a
 * sync), short enough for URLs, and unique within a commit in practice (64 bits of SHA-256).
 */
export function fileIdOf(repoId: string, path: string): string {
  return createHash('sha256').update(`${repoId}\0${path}`).digest('hex').slice(0, 16);
}

/**
 * The engine's language id for a path (by name only: reading every blob is too slow), or null.
 * Extension-less executables are the exception: scriptLanguages reads their `#!` line.
 */
export function languageOf(path: string): string | null {
  return detectLanguage(path)?.id ?? null;
}

/**
 * A `git ls-tree` entry as the `files` row of one listed commit; `scriptLanguage` is the language
 * its `#!` line names when the path says nothing (see scriptLanguages).
 */
export function fileRow(
  repoId: string,
  commitId: string,
  entry: TreeEntry,
  scriptLanguage?: string,
): NewRepoFile {
  const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
  return {
    repo_id: repoId,
    commit_id: commitId,
    path: entry.path,
    file_id: fileIdOf(repoId, entry.path),
    name,
    extension: fileExtension(name),
    language: languageOf(entry.path) ?? scriptLanguage ?? null,
    size: entry.size,
    blob_sha: entry.blobSha,
    mode: entry.mode,
  };
}
