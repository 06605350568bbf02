import { posix } from 'node:path';
import { ownString, type PathSet } from './symbols.ts';

const JS_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/**
 * Resolves an import's module text to a file of the repository, or undefined when it points
 * outside (a package, the standard library) — such imports stay external.
 */
export function resolveImportPath(
  fromPath: string,
  language: string | null,
  source: string,
  paths: PathSet,
): string | undefined {
  if (language === 'python') return resolvePython(fromPath, source, paths);
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') {
    if (isPackageImport(language, source)) return undefined;
    // the path as written, then with each extension, then as a folder's index (the first that
    // exists: each candidate built only when the ones before it are not files)
    const base = joinRelative(fromPath, source);
    if (paths.has(base)) return base;
    const stem = base.replace(/\.(m|c)?jsx?$/, '');
    for (const ext of JS_EXTENSIONS) if (paths.has(stem + ext)) return stem + ext;
    for (const ext of JS_EXTENSIONS)
      if (paths.has(`${base}/index${ext}`)) return `${base}/index${ext}`;
    return undefined;
  }
  if (language === 'go') return goPackageFiles(source, paths, false)[0];
  // C/C++ includes and Ruby/Lua requires given as relative paths
  const relative = posix.normalize(posix.join(posix.dirname(fromPath), source));
  return paths.has(relative) ? relative : undefined;
}

const NO_TARGETS: readonly string[] = Object.freeze([]);

/** A JavaScript/TypeScript import of a package (`react`, `node:fs`), not of a path. */
function isPackageImport(language: string | null, source: string): boolean {
  return (
    (language === 'typescript' || language === 'tsx' || language === 'javascript') &&
    !source.startsWith('.') &&
    !source.startsWith('/')
  );
}

/** A path with an empty, `.` or `..` segment (git lists none such). */
const UNUSUAL_PATH = /(?:^|\/)(?:\.\.?)?(?:\/|$)/;

/**
 * `posix.normalize(posix.join(posix.dirname(fromPath), source))` for the usual relative import
 * of a repository path (`./x`, `../../a/b`): segments joined, `.` dropped, `..` taking the one
 * before; anything else (empty segments, a trailing slash, an absolute path) through
 * node's own. (node's path functions are large: a hot caller that inlines them took V8 a tenth of
 * a second to compile, several times a run.)
 */
export function joinRelative(fromPath: string, source: string): string {
  if (
    UNUSUAL_PATH.test(fromPath) ||
    source.startsWith('/') ||
    source.endsWith('/') ||
    source.includes('//')
  )
    return posix.normalize(posix.join(posix.dirname(fromPath), source));
  const parts = fromPath.split('/');
  parts.pop();
  for (const part of source.split('/')) {
    if (part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

/** resolveImportTargets' answers per path set, by folder, language and module text. */
const targetsByPaths = new WeakMap<PathSet, Map<string, readonly string[]>>();

/**
 * Every repository file an import makes visible: a Go package's files (the package is the
 * directory), or for a C/C++ header also the source file that defines what it declares
 * (`x.h` → `x.c`), so calls through the prototype reach the definition; otherwise the one file
 * resolveImportPath names. Remembered per path set (a commit's paths): the answer depends only
 * on the importing file's folder, and every file of a folder imports much the same modules.
 */
export function resolveImportTargets(
  fromPath: string,
  language: string | null,
  source: string,
  paths: PathSet,
): readonly string[] {
  // never a file of the repository, wherever it is imported
  if (isPackageImport(language, source)) return NO_TARGETS;
  let known = targetsByPaths.get(paths);
  if (!known) {
    known = new Map();
    targetsByPaths.set(paths, known);
  }
  // (the folder as the text before the last slash: the same folder, the same key)
  const folder = language === 'go' ? '' : fromPath.slice(0, fromPath.lastIndexOf('/') + 1);
  const key = `${folder}\0${language}\0${source}`;
  let targets = known.get(key);
  if (!targets) {
    targets = importTargetsOf(fromPath, language, source, paths);
    // (the key in a string of its own: built from the import as read, a view of the importing
    // file's source, it would keep that whole source for as long as the paths are cached)
    known.set(ownString(key), targets);
  }
  return targets;
}

function importTargetsOf(
  fromPath: string,
  language: string | null,
  source: string,
  paths: PathSet,
): string[] {
  if (language === 'go') return goPackageFiles(source, paths, false);
  const target = resolveImportPath(fromPath, language, source, paths);
  if (!target) return [];
  if (language === 'c' || language === 'cpp') return [target, ...headerSources(target, paths)];
  return [target];
}

/**
 * The source files that may define what a header declares: those of its folder, the one with
 * its stem first (`server.h` is defined across `src/*.c` in many C projects, `x.h` by `x.c` in
 * most).
 */
export function headerSources(header: string, paths: PathSet): string[] {
  if (!HEADER.test(header)) return [];
  const companions = headerCompanions(header).filter((path) => paths.has(path));
  const folder = posix.dirname(header);
  const others = filesInFolder(paths, folder === '.' ? '' : folder).filter(
    (path) => isCSource(path) && !companions.includes(path),
  );
  return [...companions, ...others];
}

/** A C or C++ source file (not a header). */
export function isCSource(path: string): boolean {
  return C_SOURCES.some((ext) => path.endsWith(ext));
}

const HEADER = /\.(h|hh|hpp|hxx|h\+\+)$/;
const C_SOURCES = ['.c', '.cc', '.cpp', '.cxx', '.c++'];

/** The source files that may define what a header declares: same folder, same stem. */
export function headerCompanions(header: string): string[] {
  if (!HEADER.test(header)) return [];
  const stem = header.replace(HEADER, '');
  return C_SOURCES.map((ext) => stem + ext);
}

/** Files directly in each folder, per path set: built once per set (a commit's paths). */
const folders = new WeakMap<PathSet, Map<string, string[]>>();

/**
 * The files directly inside a folder ('' for the root). Needs a path set that can list its
 * paths (a Set or a Map's keys, as every caller passes); one that cannot lists nothing.
 */
export function filesInFolder(paths: PathSet, folder: string): readonly string[] {
  let index = folders.get(paths);
  if (!index) {
    index = new Map();
    for (const path of paths.keys?.() ?? []) {
      const dir = posix.dirname(path);
      const key = dir === '.' ? '' : dir;
      const list = index.get(key);
      if (list) list.push(path);
      else index.set(key, [path]);
    }
    for (const list of index.values()) list.sort();
    folders.set(paths, index);
  }
  return index.get(folder) ?? [];
}

/** The Go files of a folder: its package (test files only when asked: they see the package). */
export function goFilesIn(paths: PathSet, folder: string, withTests: boolean): string[] {
  return filesInFolder(paths, folder).filter(
    (path) => path.endsWith('.go') && (withTests || !path.endsWith('_test.go')),
  );
}

/**
 * A Go import path's package in this repository: the folder whose path is the longest suffix of
 * the import path (the module path before it is the go.mod's, not a folder). Standard-library
 * paths (no dot in the first element) stay outside.
 */
function goPackageFiles(importPath: string, paths: PathSet, withTests: boolean): string[] {
  const parts = importPath.split('/');
  if (!parts[0]?.includes('.')) return [];
  for (let start = 1; start < parts.length; start++) {
    const files = goFilesIn(paths, parts.slice(start).join('/'), withTests);
    if (files.length) return files;
  }
  return [];
}

function resolvePython(fromPath: string, source: string, paths: PathSet): string | undefined {
  const dots = /^\.*/.exec(source)![0].length;
  const rest = source.slice(dots).split('.').filter(Boolean).join('/');
  const roots: string[] = [];
  if (dots > 0) {
    let dir = posix.dirname(fromPath);
    for (let i = 1; i < dots; i++) dir = posix.dirname(dir);
    roots.push(dir === '.' ? '' : dir);
  } else {
    // absolute import: from the repository root and from every ancestor of the importing file
    // that is not a package (a script's folder is on the import path, a package's folder is
    // not: `import json` in `flask/json/__init__.py` is the standard library's, not itself)
    let dir = posix.dirname(fromPath);
    while (dir !== '.' && dir !== '/') {
      if (!paths.has(`${dir}/__init__.py`)) roots.push(dir);
      dir = posix.dirname(dir);
    }
    // src layout: tests and scripts beside `src/` import the packages inside it
    roots.push('', 'src', 'lib');
  }
  for (const root of roots) {
    const stem = [root, rest].filter(Boolean).join('/');
    for (const candidate of [`${stem}.py`, `${stem}/__init__.py`, `${stem}.pyi`]) {
      if (paths.has(candidate)) return candidate;
    }
  }
  return undefined;
}
