import type { OverviewEntryPoint, OverviewObject } from '@codedocs/contract';
import type { CodeObject, FileIndex } from '../model.ts';
import { isTestPath } from '../resolve/queries.ts';

/** A manifest's text as the repository holds it (package.json, pyproject.toml, …). */
export interface ManifestFile {
  path: string;
  text: string;
}

/** The manifest file names whose entry points the overview reads. */
export const OVERVIEW_MANIFEST_NAMES: readonly string[] = [
  'package.json',
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'Cargo.toml',
];

/** What the entry-point readers look things up in. */
export interface EntryContext {
  /** Every path of the commit (built files and assets included), to resolve declared targets. */
  paths: ReadonlySet<string>;
  filesByPath: ReadonlyMap<string, FileIndex>;
  objectRef: (object: CodeObject, file: FileIndex) => OverviewObject;
}

const KIND_ORDER: Record<OverviewEntryPoint['kind'], number> = {
  command: 0,
  main: 1,
  export: 2,
  python_module: 3,
  main_function: 4,
};

/** Entry points declared by manifests and found in the code, commands first. */
export function findEntryPoints(
  manifests: readonly ManifestFile[],
  files: readonly FileIndex[],
  ctx: EntryContext,
): OverviewEntryPoint[] {
  const out: OverviewEntryPoint[] = [];
  for (const manifest of [...manifests].sort((a, b) => a.path.localeCompare(b.path))) {
    const name = baseName(manifest.path);
    if (name === 'package.json') out.push(...packageJsonEntries(manifest, ctx));
    else if (name === 'pyproject.toml' || name === 'setup.cfg' || name === 'setup.py')
      out.push(...pythonScriptEntries(manifest, ctx));
    else if (name === 'Cargo.toml') out.push(...cargoEntries(manifest, ctx));
  }
  out.push(...codeEntries(files, ctx, out));
  const seen = new Set<string>();
  return out
    .filter((entry) => {
      const key = `${entry.kind}\0${entry.name}\0${entry.declared_in}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name));
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function dirName(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

/** `a/b/../c/./d` → `a/c/d`; null when it leaves the repository. */
function normalisePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

const BUILD_DIRS = /^(dist|lib|build|out|esm|cjs|es)\//;
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The repository file a declared JS target runs: the path itself, or its source when the
 * target is a build output (`dist/cli.js` → `src/cli.ts`), as packages ship them.
 */
function resolveScriptTarget(base: string, target: string, paths: ReadonlySet<string>) {
  const joined = normalisePath(base ? `${base}/${target}` : target);
  if (joined === null) return null;
  if (paths.has(joined)) return joined;
  const inPackage = base ? joined.slice(base.length + 1) : joined;
  const prefix = base ? `${base}/` : '';
  const stem = inPackage.replace(/(\.d)?\.(m|c)?[jt]sx?$/, '');
  const stems = [stem, stem.replace(BUILD_DIRS, 'src/'), stem.replace(BUILD_DIRS, '')];
  for (const candidate of stems) {
    for (const ext of SOURCE_EXTENSIONS) {
      const path = `${prefix}${candidate}${ext}`;
      if (paths.has(path)) return path;
    }
    for (const ext of SOURCE_EXTENSIONS) {
      const path = `${prefix}${candidate}/index${ext}`;
      if (paths.has(path)) return path;
    }
  }
  return null;
}

function packageJsonEntries(manifest: ManifestFile, ctx: EntryContext): OverviewEntryPoint[] {
  let pkg: unknown;
  try {
    pkg = JSON.parse(manifest.text);
  } catch {
    return [];
  }
  if (!isRecord(pkg)) return [];
  const base = dirName(manifest.path);
  const packageName = typeof pkg.name === 'string' ? pkg.name : base || 'package';
  const out: OverviewEntryPoint[] = [];
  const entry = (kind: OverviewEntryPoint['kind'], name: string, target: string) => {
    out.push({
      kind,
      name,
      target,
      declared_in: manifest.path,
      file_path: resolveScriptTarget(base, target, ctx.paths),
      object: null,
    });
  };
  if (typeof pkg.bin === 'string') entry('command', packageName.replace(/^@[^/]+\//, ''), pkg.bin);
  else if (isRecord(pkg.bin)) {
    for (const [command, target] of Object.entries(pkg.bin)) {
      if (typeof target === 'string') entry('command', command, target);
    }
  }
  if (typeof pkg.main === 'string') entry('main', packageName, pkg.main);
  if (typeof pkg.module === 'string' && pkg.module !== pkg.main)
    entry('main', packageName, pkg.module);
  for (const [subpath, target] of exportTargets(pkg.exports)) {
    entry('export', subpath === '.' ? packageName : `${packageName}${subpath.slice(1)}`, target);
  }
  return out;
}

const CONDITION_ORDER = ['import', 'module', 'node', 'require', 'default'];

/** package.json `exports` as (subpath, target) pairs, one target per subpath. */
function exportTargets(exports: unknown): [string, string][] {
  if (typeof exports === 'string') return [['.', exports]];
  if (!isRecord(exports)) return [];
  const keys = Object.keys(exports);
  if (!keys.some((key) => key.startsWith('.'))) {
    const target = conditionTarget(exports);
    return target ? [['.', target]] : [];
  }
  const out: [string, string][] = [];
  for (const key of keys) {
    if (!key.startsWith('.') || key.includes('*')) continue;
    const target = conditionTarget(exports[key]);
    if (target && !target.endsWith('.json')) out.push([key, target]);
  }
  return out;
}

function conditionTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const target = conditionTarget(item);
      if (target) return target;
    }
    return null;
  }
  if (!isRecord(value)) return null;
  const keys = Object.keys(value).filter((key) => key !== 'types');
  keys.sort((a, b) => rank(a) - rank(b));
  for (const key of keys) {
    const target = conditionTarget(value[key]);
    if (target) return target;
  }
  return null;
}

function rank(condition: string): number {
  const at = CONDITION_ORDER.indexOf(condition);
  return at < 0 ? CONDITION_ORDER.length : at;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `[section]` bodies of an INI or TOML text, by section name. */
function sections(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[{1,2}\s*([^\]]+?)\s*\]{1,2}\s*(#.*)?$/.exec(line);
    if (header) {
      const name = header[1]!;
      // TOML's [[bin]] repeats: each table is its own body, kept apart by an index
      const key = out.has(name) && line.trim().startsWith('[[') ? `${name}#${out.size}` : name;
      current = [];
      out.set(key, current);
    } else current?.push(line);
  }
  return out;
}

const SCRIPT_LINE = /^\s*["']?([\w.-]+)["']?\s*=\s*["']?([\w.]+)\s*:\s*([\w.]+)["']?/;

/** pyproject `[project.scripts]`, Poetry scripts, setup.cfg / setup.py console_scripts. */
function pythonScriptEntries(manifest: ManifestFile, ctx: EntryContext): OverviewEntryPoint[] {
  const lines: string[] = [];
  if (baseName(manifest.path) === 'setup.py') {
    const block = /console_scripts['"]?\s*[:=]\s*\[([^\]]*)\]/.exec(manifest.text);
    if (block) lines.push(...[...block[1]!.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!));
  } else {
    const bodies = sections(manifest.text);
    for (const name of ['project.scripts', 'project.gui-scripts', 'tool.poetry.scripts']) {
      lines.push(...(bodies.get(name) ?? []));
    }
    const options = bodies.get('options.entry_points') ?? [];
    let inScripts = false;
    for (const line of options) {
      if (/^console_scripts\s*=/.test(line)) inScripts = true;
      else if (/^\S/.test(line)) inScripts = false;
      else if (inScripts) lines.push(line);
    }
  }
  const out: OverviewEntryPoint[] = [];
  for (const line of lines) {
    const match = SCRIPT_LINE.exec(line);
    if (!match) continue;
    const [, command, moduleName, functionName] = match as unknown as [
      string,
      string,
      string,
      string,
    ];
    const file = pythonModuleFile(moduleName, dirName(manifest.path), ctx);
    const object = file ? findTopLevel(file, functionName) : undefined;
    out.push({
      kind: 'command',
      name: command,
      target: `${moduleName}:${functionName}`,
      declared_in: manifest.path,
      file_path: file?.path ?? null,
      object: file && object ? ctx.objectRef(object, file) : null,
    });
  }
  return out;
}

/** The file of a dotted Python module (`pkg.cli`) under a project folder, `src/` layout too. */
function pythonModuleFile(moduleName: string, base: string, ctx: EntryContext) {
  const rel = moduleName.split('.').join('/');
  const prefix = base ? `${base}/` : '';
  for (const root of ['', 'src/', 'lib/']) {
    for (const candidate of [`${rel}.py`, `${rel}/__init__.py`]) {
      const file = ctx.filesByPath.get(`${prefix}${root}${candidate}`);
      if (file) return file;
    }
  }
  return undefined;
}

function findTopLevel(file: FileIndex, name: string): CodeObject | undefined {
  return file.objects.find(
    (o) =>
      (o.qualifiedName === name || o.name === name) &&
      o.kind !== 'module' &&
      (o.parentId === undefined ||
        file.objects.find((p) => p.id === o.parentId)?.kind === 'module'),
  );
}

/** Cargo `[[bin]]` tables, `src/main.rs` and `src/bin/*.rs`. */
function cargoEntries(manifest: ManifestFile, ctx: EntryContext): OverviewEntryPoint[] {
  const bodies = sections(manifest.text);
  const base = dirName(manifest.path);
  const prefix = base ? `${base}/` : '';
  const packageName = tomlString(bodies.get('package') ?? [], 'name') ?? (base || 'crate');
  const out: OverviewEntryPoint[] = [];
  const add = (name: string, target: string) => {
    const file = ctx.filesByPath.get(`${prefix}${target}`);
    const main = file ? findTopLevel(file, 'main') : undefined;
    out.push({
      kind: 'command',
      name,
      target,
      declared_in: manifest.path,
      file_path: file?.path ?? null,
      object: file && main ? ctx.objectRef(main, file) : null,
    });
  };
  const declared = new Set<string>();
  for (const [key, body] of bodies) {
    if (key !== 'bin' && !key.startsWith('bin#')) continue;
    const name = tomlString(body, 'name');
    if (!name) continue;
    const target = tomlString(body, 'path') ?? `src/bin/${name}.rs`;
    declared.add(target);
    add(name, target);
  }
  if (!declared.has('src/main.rs') && ctx.paths.has(`${prefix}src/main.rs`))
    add(packageName, 'src/main.rs');
  for (const path of ctx.paths) {
    const match = new RegExp(`^${escapeRegExp(prefix)}src/bin/([^/]+)\\.rs$`).exec(path);
    if (match && !declared.has(`src/bin/${match[1]}.rs`)) add(match[1]!, `src/bin/${match[1]}.rs`);
  }
  return out;
}

function tomlString(lines: readonly string[], key: string): string | undefined {
  for (const line of lines) {
    const match = new RegExp(`^\\s*${key}\\s*=\\s*["']([^"']+)["']`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `__main__.py` packages and top-level `main` functions (Go's `cmd/<name>/` as commands). */
function codeEntries(
  files: readonly FileIndex[],
  ctx: EntryContext,
  declared: readonly OverviewEntryPoint[],
): OverviewEntryPoint[] {
  const declaredObjects = new Set(declared.map((e) => e.object?.object_id).filter(Boolean));
  const out: OverviewEntryPoint[] = [];
  for (const file of files) {
    if (isTestPath(file.path)) continue;
    if (baseName(file.path) === '__main__.py') {
      const dotted = pythonPackageOf(dirName(file.path), ctx.paths);
      if (dotted) {
        out.push({
          kind: 'python_module',
          name: `python -m ${dotted}`,
          target: file.path,
          declared_in: file.path,
          file_path: file.path,
          object: null,
        });
      }
    }
    for (const object of file.objects) {
      if (object.name !== 'main' || declaredObjects.has(object.id)) continue;
      const parent = file.objects.find((p) => p.id === object.parentId);
      const topLevel = object.kind === 'function' && (!parent || parent.kind === 'module');
      const javaStyle = object.kind === 'method' && object.modifiers.static;
      if (!topLevel && !javaStyle) continue;
      const command = /(^|\/)cmd\/([^/]+)\/[^/]+$/.exec(file.path);
      out.push({
        kind: command ? 'command' : 'main_function',
        name: command ? command[2]! : object.qualifiedName,
        target: file.path,
        declared_in: file.path,
        file_path: file.path,
        object: ctx.objectRef(object, file),
      });
    }
  }
  return out;
}

/** `src/pkg/sub` → `pkg.sub`: the folders, from the outermost that is a package (has `__init__.py`). */
function pythonPackageOf(dir: string, paths: ReadonlySet<string>): string | null {
  if (!dir) return null;
  const parts = dir.split('/');
  let start = parts.length;
  while (start > 0 && paths.has(`${parts.slice(0, start).join('/')}/__init__.py`)) start -= 1;
  // `__main__.py` in a folder without `__init__.py` is still run by `python -m <folder>`
  if (start === parts.length) start = parts.length - 1;
  return parts.slice(start).join('.');
}
