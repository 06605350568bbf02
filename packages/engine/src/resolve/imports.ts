import { posix } from 'node:path';
import type { PathSet } from './symbols.ts';

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
    if (!source.startsWith('.') && !source.startsWith('/')) return undefined;
    const base = posix.normalize(posix.join(posix.dirname(fromPath), source));
    const stem = base.replace(/\.(m|c)?jsx?$/, '');
    const candidates = [
      base,
      ...JS_EXTENSIONS.map((ext) => stem + ext),
      ...JS_EXTENSIONS.map((ext) => `${base}/index${ext}`),
    ];
    return candidates.find((candidate) => paths.has(candidate));
  }
  // C/C++ includes and Ruby/Lua requires given as relative paths
  const relative = posix.normalize(posix.join(posix.dirname(fromPath), source));
  return paths.has(relative) ? relative : undefined;
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
    let dir = posix.dirname(fromPath);
    while (dir !== '.' && dir !== '/') {
      roots.push(dir);
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
