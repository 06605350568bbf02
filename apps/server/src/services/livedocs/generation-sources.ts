import { isTestPath, type Reference } from '@codedocs/engine';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import { filesWithObjects } from './commit-model';
import { readSourceTexts } from './source-reader';
import { fileWebUrl } from '../repos/repo-web';
import { objectWebUrl } from './doc-status';

/** Source texts held at once by one run (the file documented and its callers). */
const MAX_HELD = 400;
/** Call sites read per object: the example and what callers pass come from these. */
const CALLERS_PER_OBJECT = 8;

/**
 * The source texts a generation run reads: the file being documented (its code facts) and the
 * files that call its objects (real examples, the arguments callers pass), read in batches by
 * blob at the run's commit and held for a while, since callers repeat from file to file.
 */
export interface GenerationSources {
  /** Reads these paths (and keeps them) before generation asks for them synchronously. */
  preload(paths: readonly string[]): Promise<void>;
  /** A preloaded file's text; undefined when it is not held or cannot be read. */
  sourceOf(path: string): string | undefined;
}

export function generationSources(
  deps: { db: Db; config: Config },
  repoId: string,
  commitId: string,
  signal?: AbortSignal,
): GenerationSources {
  const held = new Map<string, string | null>();
  let blobs: Promise<Map<string, string>> | undefined;
  const blobOf = () =>
    (blobs ??= filesWithObjects(deps.db, repoId, commitId, null).then(
      (files) => new Map(files.map((f) => [f.path, f.blob_sha])),
    ));
  return {
    async preload(paths) {
      const missing = [...new Set(paths)].filter((p) => !held.has(p));
      if (!missing.length) return;
      const byPath = await blobOf();
      const wanted = missing.flatMap((p) => (byPath.has(p) ? [[p, byPath.get(p)!] as const] : []));
      const texts = await readSourceTexts(
        deps,
        repoId,
        wanted.map(([, blob]) => blob),
        signal,
      );
      for (const path of missing) {
        const blob = byPath.get(path);
        held.set(path, (blob && texts.get(blob)) ?? null);
      }
      // the oldest go first: a run moves on from file to file
      for (const key of held.keys()) {
        if (held.size <= MAX_HELD) break;
        held.delete(key);
      }
    },
    sourceOf: (path) => held.get(path) ?? undefined,
  };
}

/** The caller files whose call sites generation reads for these objects, tests first. */
export function callerPaths(referencesTo: readonly Reference[]): string[] {
  const calls = referencesTo
    .filter((r) => r.kind === 'call')
    .sort((a, b) => Number(isTestPath(b.fromFile)) - Number(isTestPath(a.fromFile)));
  return [...new Set(calls.slice(0, CALLERS_PER_OBJECT).map((r) => r.fromFile))];
}

/** Links to a line of a file at a commit on the repository's forge; null without one. */
export function lineLink(
  repoUrl: string,
  commitId: string,
): (path: string, line: number) => string | null {
  return (path, line) => {
    const url = fileWebUrl(repoUrl, commitId, path);
    return url && objectWebUrl(url, line, line);
  };
}
