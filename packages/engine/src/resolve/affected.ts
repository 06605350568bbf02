import type { Reference } from '../model.ts';
import { resolveImportPath } from './imports.ts';
import type { PathSet } from './symbols.ts';

/** What a commit changed, as the planner of an incremental resolve needs it. */
export interface ChangeOutline {
  /** Paths added, modified or deleted: their own references are recomputed anyway. */
  changed: ReadonlySet<string>;
  /** Paths whose symbols differ (added, deleted, or a different `symbolShape`). */
  reshaped: ReadonlySet<string>;
  /** Whether any path was added (an import may then resolve to another file). */
  pathsAdded: boolean;
  /** Every path after the change. */
  paths: PathSet;
  /** The language of an unchanged file (imports resolve per language). */
  languageOf(path: string): string | null;
}

/**
 * The unchanged files whose references can differ after a change. A file resolves only against
 * its own symbols and those of the files it imports, so it is affected exactly when one of its
 * imports pointed to a file whose symbols changed, or now points elsewhere (a path was added that
 * an import prefers, e.g. `./x.ts` beside `./x/index.ts`). Reads only the previous index's
 * import references: no model of an unaffected file is needed.
 */
export function affectedFiles(outline: ChangeOutline, previous: Iterable<Reference>): Set<string> {
  const affected = new Set<string>();
  for (const ref of previous) {
    if (ref.kind !== 'import' || outline.changed.has(ref.fromFile) || affected.has(ref.fromFile))
      continue;
    if (ref.toFile !== undefined && outline.reshaped.has(ref.toFile)) affected.add(ref.fromFile);
    else if (outline.pathsAdded) {
      const language = outline.languageOf(ref.fromFile);
      if (resolveImportPath(ref.fromFile, language, ref.name, outline.paths) !== ref.toFile)
        affected.add(ref.fromFile);
    }
  }
  return affected;
}
