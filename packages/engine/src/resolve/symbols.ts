import type { FileIndex, ObjectKind } from '../model.ts';

/** What resolution needs of one object: a few fields, not its docs, signature or body. */
export interface SymbolObject {
  id: string;
  kind: ObjectKind;
  parentId?: string;
  /** The file that defines it (shared string, not a copy). */
  path: string;
  /** A C/C++ function declared without a body (a prototype): calls prefer the definition. */
  prototype?: true;
  /** A C/C++ `static` function: reachable from its own file only. */
  internal?: true;
  /**
   * The type a method without a parent object belongs to, from its qualified name: a Go method
   * declared in another file than its type (`Engine` of `Engine.Serve`), a Rust impl's method.
   */
  holder?: string;
  /**
   * A JavaScript module's export itself (`module.exports = function…`, `export default cond &&
   * function…`): what `const f = require('./f'); f()` calls.
   */
  moduleExport?: true;
}

/** One file's objects by name and by id: all that resolving a site against the file needs. */
export interface FileSymbols {
  path: string;
  byName: Map<string, SymbolObject[]>;
  byId: Map<string, SymbolObject>;
  /**
   * Names a Python module binds by importing them (`from .api import get` in a package's
   * `__init__.py`), by the name bound (`*` for a star import): where each comes from and its name
   * there. `pkg.get()` and `from pkg import get` reach the object through them.
   */
  reexports: Map<string, Reexport[]> | undefined;
}

/**
 * Where resolution looks things up: which paths exist (for imports) and the symbols of a file.
 * A file resolves against its own symbols and those of the files it imports, nothing else, so a
 * scope only has to answer for those.
 */
export interface ResolveScope {
  paths: PathSet;
  symbols(path: string): FileSymbols | undefined;
}

/** The paths of a commit, as import resolution asks about them. */
export interface PathSet {
  has(path: string): boolean;
  /**
   * Every path (a Set's or a Map's keys): needed to see a Go package's other files; a set
   * without it resolves as if each Go file were alone in its package.
   */
  keys?(): Iterable<string>;
}

/** The compact symbols of a parsed file. */
export function fileSymbols(file: FileIndex): FileSymbols {
  const symbols: FileSymbols = {
    path: file.path,
    byName: new Map(),
    byId: new Map(),
    reexports: file.language === 'python' ? pythonReexports(file) : undefined,
  };
  const cLike = file.language === 'c' || file.language === 'cpp';
  const script =
    file.language === 'javascript' || file.language === 'typescript' || file.language === 'tsx';
  for (const object of file.objects) {
    const parentId = object.parentId || undefined;
    const cFunction = cLike && object.kind === 'function';
    // every field present, absent ones undefined: one shape of entry for the resolver's lookups
    const entry: SymbolObject = {
      id: object.id,
      kind: object.kind,
      path: file.path,
      parentId,
      // a declaration's signature is all of it, up to its `;`; a definition's stops at its body
      prototype: (cFunction && object.signature.endsWith(';')) || undefined,
      internal: (cFunction && !parentId && !object.modifiers.exported) || undefined,
      holder: !parentId && object.kind === 'method' ? holderOf(object) : undefined,
      moduleExport:
        (script &&
          !parentId &&
          object.kind === 'function' &&
          /^(?:module\.exports\s*=|export\s+default\b)/.test(object.signature)) ||
        undefined,
    };
    symbols.byId.set(object.id, entry);
    const list = symbols.byName.get(object.name);
    if (list) list.push(entry);
    else symbols.byName.set(ownString(object.name), [entry]);
  }
  return symbols;
}

/** Where a name a module imports comes from: the module text as written and the name there. */
export interface Reexport {
  source: string;
  name: string;
}

/** The names a Python file's `from … import` statements bind, with the modules they come from. */
function pythonReexports(file: FileIndex): Map<string, Reexport[]> | undefined {
  let out: Map<string, Reexport[]> | undefined;
  for (const site of file.imports) {
    // `import a.b` binds a module, not a name of it
    if (site.alias) continue;
    site.names.forEach((name, i) => {
      // `from x import a as b` binds `b`
      const bound = site.bound?.[i] ?? name;
      out ??= new Map();
      const list = out.get(bound);
      const entry = { source: ownString(site.source), name: ownString(name) };
      if (list) list.push(entry);
      else out.set(ownString(bound), [entry]);
    });
  }
  return out;
}

/** The type a method declared outside its type belongs to (`Engine` of `Engine.Serve`). */
function holderOf(object: FileIndex['objects'][number]): string | undefined {
  const scope = object.qualifiedName.slice(0, -object.name.length - 1);
  // (its own string, as the names are: the qualified name may be a slice of the source)
  return scope ? ownString(scope.slice(scope.lastIndexOf('.') + 1)) : undefined;
}

/**
 * `text` in a string of its own. A name read from a file is a slice of the file's source, and V8
 * keeps a slice of 13 or more characters as a view that holds the whole source alive: kept in a
 * streaming run's symbols (which live to its end), every file's source would stay in memory
 * (half the heap of a large run). Joining a character and slicing it off again makes V8 copy the
 * characters into a new string, which the result then views: a few bytes more than the name.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : `${text}\0`.slice(0, -1);
}

/**
 * A string that differs exactly when resolving against the file could differ: its names, ids,
 * kinds and parents. An edit inside a body keeps it, so files importing this one need not be
 * resolved again.
 */
export function symbolShape(symbols: FileSymbols | undefined): string {
  if (!symbols) return '';
  const lines: string[] = [];
  for (const [name, list] of symbols.byName) {
    for (const o of list)
      lines.push(
        `${name}|${o.id}|${o.kind}|${o.parentId ?? ''}|${o.prototype ? 'p' : ''}${o.internal ? 'i' : ''}${o.moduleExport ? 'x' : ''}|${o.holder ?? ''}`,
      );
  }
  for (const [name, sources] of symbols.reexports ?? [])
    for (const from of sources) lines.push(`>${name}|${from.source}|${from.name}`);
  return lines.sort().join('\n');
}

/**
 * Of these changed paths, those whose symbols differ between the two versions (a file added or
 * deleted counts): the `reshaped` set affectedFiles needs.
 */
export function reshapedPaths(
  paths: Iterable<string>,
  before: ReadonlyMap<string, FileIndex>,
  after: ReadonlyMap<string, FileIndex>,
): Set<string> {
  const shape = (file: FileIndex | undefined) => symbolShape(file && fileSymbols(file));
  return new Set([...paths].filter((path) => shape(before.get(path)) !== shape(after.get(path))));
}

/** A scope over files all in memory (tests, the CLI, a whole-repository run). */
export function scopeOf(files: Iterable<FileIndex>): ResolveScope {
  const table = new Map<string, FileSymbols>();
  for (const file of files) table.set(file.path, fileSymbols(file));
  return { paths: table, symbols: (path) => table.get(path) };
}
