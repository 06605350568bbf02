import { posix } from 'node:path';
import type { FileIndex, ImportSite, Reference, Site } from '../model.ts';
import { goFilesIn, headerCompanions, resolveImportTargets } from './imports.ts';
import { scopeOf, type FileSymbols, type ResolveScope, type SymbolObject } from './symbols.ts';

const TYPES = new Set(['class', 'interface', 'struct', 'trait', 'enum', 'type']);
/** What a bare call (`f()`, `Point()`, `new Point()`) may name: never a method of some type. */
const BARE_CALLABLE = new Set(['function', 'class', 'struct']);
/** Objects a qualifier may name to reach a member (`Point.origin()`, `Point::new()`). */
const HOLDERS = new Set([...TYPES, 'module', 'namespace']);
/**
 * Languages where a bare call inside a method may call another method of its class (an
 * implicit `this`): Java, C#, C++, Kotlin, Swift, Scala, Ruby. Elsewhere a method is reached
 * only through a receiver (`this.`, `self.`, `s.`).
 */
const IMPLICIT_SELF = new Set(['java', 'csharp', 'cpp', 'kotlin', 'swift', 'scala', 'ruby']);
/** Receivers that stand for the enclosing object. */
const SELF = new Set(['this', 'self', 'cls', '$this', 'Self', 'static']);

/** The files an import makes visible and the names it binds. */
interface Visible {
  files: FileSymbols[];
  /** The names a bare call may reach in those files: all of them, or these. */
  bare: 'all' | ReadonlySet<string>;
  /** The name the module is bound to (`ns.f()`), when it is. */
  alias?: string;
  /**
   * Files that only define what an included header declares (C sources beside it): reached
   * through a prototype, never by a name directly.
   */
  definitions?: true;
  /** Where a re-exported name is followed to (Python's `from .api import get` in a package). */
  scope: ResolveScope;
}

/**
 * The repository files a file's resolution reads besides itself, each once, in import order. A
 * Python file also reads the files its imports re-export from, as far as the scope's symbols
 * tell: once those have arrived, asking again may name more.
 */
export function importTargets(
  file: FileIndex,
  scope: Pick<ResolveScope, 'paths'> & Partial<ResolveScope>,
): string[] {
  const targets = new Set<string>();
  for (const site of file.imports) {
    for (const target of resolveImportTargets(file.path, file.language, site.source, scope.paths))
      targets.add(target);
  }
  if (file.language === 'python' && scope.symbols)
    for (const target of reexportTargets(targets, scope as ResolveScope)) targets.add(target);
  for (const sibling of packageSiblings(file, scope)) targets.add(sibling);
  targets.delete(file.path);
  return [...targets];
}

/** A Go file sees the other files of its package (its folder) without importing them. */
function packageSiblings(file: FileIndex, scope: Pick<ResolveScope, 'paths'>): string[] {
  if (file.language !== 'go') return [];
  const folder = posix.dirname(file.path);
  return goFilesIn(
    scope.paths,
    folder === '.' ? '' : folder,
    file.path.endsWith('_test.go'),
  ).filter((path) => path !== file.path);
}

/** An object's ancestors by id, each with its depth (0 for the object itself, then outwards). */
type Ancestors = Map<string, number>;

/** Ancestors of an object of this file, by id: what a name in it can see, nearest first. */
function ancestorsOf(id: string | undefined, local: FileSymbols | undefined): Ancestors {
  const out: Ancestors = new Map();
  for (let current = id ? local?.byId.get(id) : undefined; current;) {
    out.set(current.id, out.size);
    current = current.parentId ? local?.byId.get(current.parentId) : undefined;
  }
  return out;
}

/**
 * The member named `name` of the object `this`/`self` stands for inside `object`: of the
 * enclosing class (or struct/trait), or of the constructor function whose prototype methods
 * the enclosing method is (`View.prototype.render = function () { this.lookup() }`).
 */
function selfMember(
  object: SymbolObject | undefined,
  name: string,
  local: FileSymbols | undefined,
): SymbolObject | undefined {
  const named = local?.byName.get(name);
  if (!named) return undefined;
  let current = object;
  while (current) {
    const id = current.id;
    if (TYPES.has(current.kind)) return named.find((o) => o.parentId === id);
    const parent = current.parentId ? local?.byId.get(current.parentId) : undefined;
    // a method's holder is what `this` is, whatever kind of object it is
    if (current.kind === 'method' && parent && !TYPES.has(parent.kind)) {
      return named.find((o) => o.parentId === parent.id && o.kind === 'method');
    }
    // a constructor function: its prototype methods
    if (current.kind === 'function') {
      const method = named.find((o) => o.parentId === id && o.kind === 'method');
      if (method) return method;
    }
    current = parent;
  }
  return undefined;
}

/** Of these candidates, a definition before a prototype (C's `int f(void);` then `int f(void) {}`). */
function preferDefinition(candidates: SymbolObject[]): SymbolObject | undefined {
  return candidates.find((o) => !o.prototype) ?? candidates[0];
}

/**
 * A bare name as the site's scope sees it: an object of this file at top level or in an
 * enclosing scope (a nested function, a nested class), else a top-level object of a visible
 * file. Methods are reached this way only by an implicit `this` (Java, C#…), from inside their
 * class; a builtin such as `set(…)` never resolves to some class's `set` method.
 */
function resolveBare(
  name: string,
  kind: Site['kind'],
  allowed: Set<string>,
  language: string | null,
  local: FileSymbols | undefined,
  visible: Visible[],
  ancestors: Ancestors,
): SymbolObject | undefined {
  const localNamed = local?.byName.get(name);
  if (localNamed) {
    // the innermost visible declaration shadows outer ones (a function's local `class Node`
    // over a top-level `Node`); a definition before a prototype at the same depth
    let best: SymbolObject | undefined;
    let bestDepth = Infinity;
    for (const o of localNamed) {
      if (!allowed.has(o.kind)) continue;
      const depth = o.parentId === undefined ? ancestors.size : ancestors.get(o.parentId);
      if (depth === undefined) continue;
      if (depth < bestDepth || (depth === bestDepth && best?.prototype && !o.prototype)) {
        best = o;
        bestDepth = depth;
      }
    }
    if (best) return best.prototype ? linkPrototype(best, name, visible) : best;
    if (kind === 'call' && language && IMPLICIT_SELF.has(language)) {
      for (const o of localNamed) {
        if (
          (o.kind === 'method' || o.kind === 'function') &&
          o.parentId &&
          ancestors.has(o.parentId)
        )
          return o;
      }
    }
  }
  for (const imported of visible) {
    if (imported.definitions) continue;
    // `const caller = require('./caller'); caller()`: the function the module exports
    if (imported.alias === name && kind === 'call') {
      for (const symbols of imported.files)
        for (const list of symbols.byName.values())
          for (const o of list) if (o.moduleExport) return o;
    }
    if (imported.bare !== 'all' && !imported.bare.has(name)) continue;
    for (const symbols of imported.files) {
      const named = symbols.byName.get(name);
      if (!named) continue;
      let found: SymbolObject | undefined;
      for (const o of named) {
        if (!allowed.has(o.kind) || o.parentId || o.internal) continue;
        if (!found || (found.prototype && !o.prototype)) found = o;
      }
      if (found) return found.prototype ? linkPrototype(found, name, visible) : found;
    }
    for (const symbols of imported.files) {
      const found = symbols.reexports && reexported(symbols, name, allowed, imported.scope, 0);
      if (found) return found;
    }
  }
  return undefined;
}

/** How many `from … import` hops a re-exported name is followed through. */
const REEXPORT_DEPTH = 4;

/**
 * The object a Python module makes available by importing it (`from .api import get` in
 * `requests/__init__.py`, so `requests.get()` and `from requests import get` reach
 * `requests.api.get`), followed through further re-exports; a star import is looked into for the
 * name. Only a top-level object of the module the import names, never a guess.
 */
function reexported(
  symbols: FileSymbols,
  name: string,
  allowed: Set<string>,
  scope: ResolveScope,
  depth: number,
): SymbolObject | undefined {
  if (depth >= REEXPORT_DEPTH) return undefined;
  const named = symbols.reexports?.get(name) ?? [];
  const star = symbols.reexports?.get('*') ?? [];
  for (const from of named.length ? named : star) {
    const original = from.name === '*' ? name : from.name;
    for (const target of resolveImportTargets(symbols.path, 'python', from.source, scope.paths)) {
      const there = scope.symbols(target);
      if (!there || there === symbols) continue;
      const found = there.byName.get(original)?.find((o) => allowed.has(o.kind) && !o.parentId);
      if (found) return found;
      const further = there.reexports && reexported(there, original, allowed, scope, depth + 1);
      if (further) return further;
    }
  }
  return undefined;
}

/**
 * The repository files a Python file's imports reach through re-exports (`requests/api.py`
 * behind `import requests`), as far as the symbols at hand tell: resolving reads them too.
 */
function reexportTargets(direct: Iterable<string>, scope: ResolveScope): string[] {
  const out: string[] = [];
  const seen = new Set(direct);
  const queue = [...seen];
  for (let depth = 0; depth < REEXPORT_DEPTH && queue.length; depth++) {
    for (const path of queue.splice(0)) {
      const symbols = scope.symbols(path);
      for (const sources of symbols?.reexports?.values() ?? []) {
        for (const from of sources) {
          for (const target of resolveImportTargets(path, 'python', from.source, scope.paths)) {
            if (seen.has(target)) continue;
            seen.add(target);
            out.push(target);
            queue.push(target);
          }
        }
      }
    }
  }
  return out;
}

/**
 * A call that reached a header's prototype goes on to the definition, so every caller reaches
 * one object: the one in the header's own source file (`x.h` → `x.c`), else the only one among
 * the C sources of the header's folder (`server.h` → `src/networking.c`). Two definitions (one
 * per platform, say) leave the call at the prototype: nothing is guessed.
 */
function linkPrototype(target: SymbolObject, name: string, visible: Visible[]): SymbolObject {
  if (!target.prototype) return target;
  const sources = new Map<string, FileSymbols>();
  for (const imported of visible) {
    if (!imported.definitions) continue;
    for (const symbols of imported.files) sources.set(symbols.path, symbols);
  }
  const definitionIn = (symbols: FileSymbols | undefined) =>
    symbols?.byName
      .get(name)
      ?.find((o) => o.kind === 'function' && !o.parentId && !o.prototype && !o.internal);
  for (const companion of headerCompanions(target.path)) {
    const definition = definitionIn(sources.get(companion));
    if (definition) return definition;
  }
  const folder = posix.dirname(target.path);
  const found = new Map<string, SymbolObject>();
  for (const symbols of sources.values()) {
    if (posix.dirname(symbols.path) !== folder) continue;
    const definition = definitionIn(symbols);
    if (definition) found.set(definition.id, definition);
  }
  return found.size === 1 ? [...found.values()][0]! : target;
}

/**
 * A site on a receiver: `this.f()`/`self.f()` (a member of the enclosing type), a receiver of a
 * declared type (resolveTyped), `alias.f()` where alias is a module the file imports as a whole
 * (`import * as ns`, Python's `import a.b`, a Go package), or `Type.f()` / `Type::f()` where
 * Type is a class, struct or namespace the site can see: the member of what the qualifier names.
 * Any other receiver is a value of a type the engine does not know, and its calls stay external.
 */
function resolveQualified(
  site: Site,
  qualifier: string,
  allowed: Set<string>,
  language: string | null,
  local: FileSymbols | undefined,
  visible: Visible[],
  ancestors: Ancestors,
): SymbolObject | undefined {
  // `this.x()`, `self.x()`: a member of the enclosing type
  if (SELF.has(qualifier)) {
    const owner = site.fromId ? local?.byId.get(site.fromId) : undefined;
    return selfMember(owner, site.name, local);
  }
  // a receiver of a declared type
  if (site.receiverType !== undefined)
    return resolveTyped(site, site.receiverType, language, local, visible, ancestors);
  for (const imported of visible) {
    if (imported.alias !== qualifier || imported.definitions) continue;
    for (const symbols of imported.files) {
      const found = symbols.byName
        .get(site.name)
        ?.filter((o) => allowed.has(o.kind) && !o.parentId);
      if (found?.length) return linkPrototype(preferDefinition(found)!, site.name, visible);
      const further =
        symbols.reexports && reexported(symbols, site.name, allowed, imported.scope, 0);
      if (further) return further;
    }
  }
  if (!IDENTIFIER.test(qualifier) || !namedAnywhere(site.name, local, visible)) return undefined;
  const holderKinds =
    language === 'javascript' || language === 'typescript' || language === 'tsx'
      ? SCRIPT_HOLDERS
      : HOLDERS;
  const holder = resolveBare(qualifier, 'usage', holderKinds, language, local, visible, ancestors);
  if (!holder) return undefined;
  const symbols =
    holder.path === local?.path
      ? local
      : visible.flatMap((v) => v.files).find((f) => f.path === holder.path);
  return symbols?.byName
    .get(site.name)
    ?.find((o) => o.parentId === holder.id && o.kind !== 'class' && o.kind !== 'struct');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** JavaScript hangs members on functions and constants too (`View.cache()`, `api.get()`). */
const SCRIPT_HOLDERS = new Set([...HOLDERS, 'function', 'constant']);

/** Whether any file the site sees declares the name at all (most member calls are not ours). */
function namedAnywhere(name: string, local: FileSymbols | undefined, visible: Visible[]): boolean {
  if (local?.byName.has(name)) return true;
  for (const imported of visible) {
    if (imported.definitions) continue;
    for (const symbols of imported.files) if (symbols.byName.has(name)) return true;
  }
  return false;
}

/**
 * `c.Abort()` where `c` is declared `c *Context` (or is the receiver of a method of Context): the
 * method of that type, whether it sits in the type's body or elsewhere (a Go method in another
 * file of the package, a Rust impl).
 */
function resolveTyped(
  site: Site,
  typeName: string,
  language: string | null,
  local: FileSymbols | undefined,
  visible: Visible[],
  ancestors: Ancestors,
): SymbolObject | undefined {
  const type = resolveBare(typeName, 'usage', TYPES, language, local, visible, ancestors);
  const files = [local, ...visible.filter((v) => !v.definitions).flatMap((v) => v.files)];
  if (type) {
    const symbols = files.find((f) => f?.path === type.path);
    const member = symbols?.byName
      .get(site.name)
      ?.find((o) => o.parentId === type.id && o.kind !== 'class' && o.kind !== 'struct');
    if (member) return member;
  }
  for (const symbols of files) {
    const member = symbols?.byName
      .get(site.name)
      ?.find((o) => o.kind === 'method' && o.holder === typeName);
    if (member) return member;
  }
  return undefined;
}

/** What an import makes visible, read from the scope. */
function visibleOf(
  file: FileIndex,
  site: ImportSite,
  targets: readonly string[],
  scope: ResolveScope,
): Visible {
  const files = targets.flatMap((path) => {
    const symbols = scope.symbols(path);
    return symbols ? [symbols] : [];
  });
  // every field present (one shape for the lookups that loop over them)
  return {
    files,
    bare: bareNames(file.language, site),
    alias: site.alias || undefined,
    definitions: undefined,
    scope,
  };
}

/** The names an import lets bare calls reach, per language. */
function bareNames(language: string | null, site: ImportSite): Visible['bare'] {
  const named = (names: string[]) => new Set(names.filter((n) => n !== '*'));
  switch (language) {
    case 'python':
      // `import a.b` binds only `a.b`; `from a import *` everything; `from a import f` f
      if (site.alias) return new Set();
      if (site.names.includes('*')) return 'all';
      // `from a import f as g` binds `g`, which is not `a`'s `g`
      return named(site.bound ? site.names.filter((n, i) => site.bound![i] === n) : site.names);
    case 'typescript':
    case 'tsx':
    case 'javascript':
      // `require('./x')` and `import './x'` name nothing: CommonJS destructures what it likes;
      // `import * as ns` reaches names only through `ns.`
      return site.names.length ? named(site.names) : 'all';
    case 'go':
      // a Go package is reached through its name, unless dot-imported
      return site.alias === '.' ? 'all' : new Set();
    default:
      // includes and requires bring everything in
      return 'all';
  }
}

/**
 * The resolve stage for one file: imports to repository files, and each call/usage/heritage site
 * to an object when the name is defined in the same file in a scope the site sees, in an
 * imported file (or, in Go, another file of the package), through a module alias or a type name
 * (`ns.f()`, `Point::new()`), or (for `this.`/`self.` calls) in the enclosing class. A call on any
 * other receiver, whose type the engine does not know, stays an external reference — names are
 * never guessed from elsewhere. Only the file's own symbols and those of the files it imports
 * are looked up.
 */
export function resolveFileReferences(file: FileIndex, scope: ResolveScope): Reference[] {
  const out: Reference[] = [];
  const visible: Visible[] = [];
  for (const site of file.imports) {
    const targets = resolveImportTargets(file.path, file.language, site.source, scope.paths);
    // every field present, absent ones undefined (JSON leaves them out): one shape of reference
    const ref: Reference = {
      kind: 'import',
      fromFile: file.path,
      name: site.source,
      line: site.line,
      snippet: '',
      fromId: undefined,
      toId: undefined,
      toFile: targets[0],
    };
    if (targets[0] !== undefined) {
      if (file.language === 'c' || file.language === 'cpp') {
        // the header itself, then the sources that may define what it declares
        visible.push(visibleOf(file, site, targets.slice(0, 1), scope));
        if (targets.length > 1)
          visible.push({ ...visibleOf(file, site, targets.slice(1), scope), definitions: true });
      } else visible.push(visibleOf(file, site, targets, scope));
    }
    out.push(ref);
  }
  const siblings = packageSiblings(file, scope).flatMap((path) => {
    const symbols = scope.symbols(path);
    return symbols ? [symbols] : [];
  });
  if (siblings.length)
    visible.push({
      files: siblings,
      bare: 'all',
      alias: undefined,
      definitions: undefined,
      scope,
    });
  const local = scope.symbols(file.path);
  const ancestry = new Map<string | undefined, Ancestors>();
  for (const site of file.sites) {
    let ancestors = ancestry.get(site.fromId);
    if (!ancestors) ancestry.set(site.fromId, (ancestors = ancestorsOf(site.fromId, local)));
    const target = resolveSite(site, file.language, local, visible, ancestors);
    if (!target && site.kind === 'usage') continue;
    const qualifier = site.qualifier;
    out.push({
      kind: site.kind,
      fromFile: file.path,
      name: qualifier ? `${qualifier}.${site.name}` : site.name,
      line: site.line,
      snippet: site.snippet,
      fromId: site.fromId || undefined,
      toId: target?.id,
      toFile: target?.path,
    });
  }
  return out;
}

/**
 * The object one site names, if the engine can tell (see resolveFileReferences). A function of
 * its own: V8 optimises and, when a new kind of site turns up, re-optimises this part alone.
 */
function resolveSite(
  site: Site,
  language: string | null,
  local: FileSymbols | undefined,
  visible: Visible[],
  ancestors: Ancestors,
): SymbolObject | undefined {
  // (two calls only: this is inlined into the loop over a file's sites, and a call seen first
  // late in a run would make V8 recompile that whole loop; the rarer forms are decided in
  // resolveQualified, which is compiled on its own)
  const allowed = site.kind === 'call' ? BARE_CALLABLE : TYPES;
  const qualifier = site.qualifier;
  // a local variable or parameter of that name: a value of its own
  if (site.local) return undefined;
  if (qualifier === undefined)
    return resolveBare(site.name, site.kind, allowed, language, local, visible, ancestors);
  return resolveQualified(site, qualifier, allowed, language, local, visible, ancestors);
}

/** Resolves every file; the references of the whole repository in file order. */
export function resolveReferences(files: readonly FileIndex[]): Reference[] {
  const scope = scopeOf(files);
  return files.flatMap((file) => resolveFileReferences(file, scope));
}
