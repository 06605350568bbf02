import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { LazySourceFile } from '../index-sources.ts';

const SKIP_DIRS = new Set([
  '.git',
  'node_modules',
  '.hg',
  '.svn',
  '__pycache__',
  'dist',
  'build',
  'target',
  '.venv',
]);

/** Lists a directory's files (sorted, symlinks not followed) as lazy sources for the engine. */
export function listFiles(root: string): LazySourceFile[] {
  const out: LazySourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && statSync(full).size > 0) {
        out.push({ path: relative(root, full).split(sep).join('/'), absolutePath: full });
      }
    }
  };
  walk(root);
  return out;
}
