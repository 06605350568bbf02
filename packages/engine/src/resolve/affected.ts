import type { Reference } from '../model.ts';
import { posix } from 'node:path';
import { filesInFolder, headerCompanions, isCSource, resolveImportPath } from './imports.ts';
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
  const imports: Reference[] = [];
  for (const ref of previous) if (ref.kind === 'import') imports.push(ref);
  const reshaped = throughReexports(outline.reshaped, imports);
  // an import also sees a Go package's other files and a C header's source file: a change to
  // any of them reaches the importer (deleted ones included, so paths are compared, not listed)
  const reshapedGoFolders = new Set<string>();
  const reshapedCFolders = new Set<string>();
  for (const path of reshaped) {
    if (path.endsWith('.go')) reshapedGoFolders.add(folderOf(path));
    else if (isCSource(path)) reshapedCFolders.add(folderOf(path));
  }
  const seesReshaped = (toFile: string): boolean => {
    if (reshaped.has(toFile)) return true;
    if (toFile.endsWith('.go')) return reshapedGoFolders.has(folderOf(toFile));
    // a header's definitions are looked for among the C sources of its folder
    return headerCompanions(toFile).length > 0 && reshapedCFolders.has(folderOf(toFile));
  };
  for (const ref of imports) {
    if (outline.changed.has(ref.fromFile) || affected.has(ref.fromFile)) continue;
    if (ref.toFile !== undefined && seesReshaped(ref.toFile)) affected.add(ref.fromFile);
    else if (outline.pathsAdded) {
      const language = outline.languageOf(ref.fromFile);
      if (resolveImportPath(ref.fromFile, language, ref.name, outline.paths) !== ref.toFile)
        affected.add(ref.fromFile);
    }
  }
  // a Go file sees its package's other files without importing them
  for (const folder of reshapedGoFolders) {
    for (const path of filesInFolder(outline.paths, folder)) {
      if (path.endsWith('.go') && !outline.changed.has(path)) affected.add(path);
    }
  }
  return affected;
}

/**
 * The reshaped paths and every Python file that imports one, directly or through others: a
 * Python module may re-export what it imports (`from .api import get` in `requests/__init__.py`),
 * so a file importing it reads the re-exported file's symbols too.
 */
function throughReexports(
  reshaped: ReadonlySet<string>,
  imports: Reference[],
): ReadonlySet<string> {
  const python = imports.filter((ref) => ref.toFile !== undefined && /\.pyi?$/.test(ref.fromFile));
  if (python.length === 0) return reshaped;
  const out = new Set(reshaped);
  for (let size = -1; size !== out.size;) {
    size = out.size;
    for (const ref of python) if (out.has(ref.toFile!)) out.add(ref.fromFile);
  }
  return out;
}

function folderOf(path: string): string {
  const folder = posix.dirname(path);
  return folder === '.' ? '' : folder;
}
