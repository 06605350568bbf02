import { readBlob, readBlobs } from '../../git/index';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import { mirrorOf } from '../repos/mirror';
import { localGit } from '../repos/repo-git';

type Deps = { db: Db; config: Config };

/** Largest source read to show or send an object's code. */
export const SOURCE_READ_MAX_BYTES = 10 * 1024 * 1024;

/** A file's text at a blob, decoded leniently; null when the clone cannot give it. */
export async function readSourceText(
  deps: Deps,
  repoId: string,
  blobSha: string,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const blob = await readBlob(await mirrorOf(deps, repoId, signal), blobSha, {
      ...localGit(deps.config, signal),
      maxBytes: SOURCE_READ_MAX_BYTES,
    });
    return new TextDecoder('utf-8').decode(blob.content).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/**
 * Many files' texts by blob, read through `git cat-file --batch` (a git process per 256 blobs,
 * not two per file); a blob the clone cannot give, or one over SOURCE_READ_MAX_BYTES, is absent.
 */
export async function readSourceTexts(
  deps: Deps,
  repoId: string,
  blobShas: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const blob of readBlobs(
      await mirrorOf(deps, repoId, signal),
      [...new Set(blobShas)],
      {
        ...localGit(deps.config, signal),
        maxBytes: SOURCE_READ_MAX_BYTES,
      },
    )) {
      if (!blob.skipped)
        texts.set(blob.blobSha, decoder.decode(blob.content).replace(/^\uFEFF/, ''));
    }
  } catch {
    // what was read is answered; the rest shows as no code
  }
  return texts;
}

/** Reads the files of one run by path, keeping the last one (objects come file by file). */
export function sourceReader(
  deps: Deps,
  repoId: string,
  files: readonly { path: string; blob_sha: string }[],
  signal: AbortSignal,
): (path: string) => Promise<string | null> {
  const blobOf = new Map(files.map((f) => [f.path, f.blob_sha]));
  let last: { path: string; text: Promise<string | null> } | undefined;
  return (path) => {
    if (last?.path !== path) {
      const blob = blobOf.get(path);
      last = {
        path,
        text: blob ? readSourceText(deps, repoId, blob, signal) : Promise.resolve(null),
      };
    }
    return last.text;
  };
}
