import type { FileIndex, Reference } from '../model.ts';
import { resolveImportPath } from './imports.ts';
import { scopeOf, type FileSymbols, type ResolveScope, type SymbolObject } from './symbols.ts';

const CALLABLE = new Set(['function', 'method', 'constructor', 'class', 'struct']);
const TYPES = new Set(['class', 'interface', 'struct', 'trait', 'enum', 'type']);

function pick(
  candidates: SymbolObject[] | undefined,
  allowed: Set<string>,
  topLevelOnly: boolean,
): SymbolObject | undefined {
  return candidates?.find((o) => allowed.has(o.kind) && (!topLevelOnly || !o.parentId));
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

/** The repository files a file's imports point to, each once, in import order. */
export function importTargets(file: FileIndex, scope: Pick<ResolveScope, 'paths'>): string[] {
  const targets = new Set<string>();
  for (const site of file.imports) {
    const target = resolveImportPath(file.path, file.language, site.source, scope.paths);
    if (target) targets.add(target);
  }
  return [...targets];
}

/**
 * The resolve stage for one file: imports to repository files, and each call/usage/heritage site
 * to an object when the name is defined in the same file, in an imported file, or (for
 * `this.`/`self.` calls) in the enclosing class. Anything else stays an external reference
 * (calls and heritage) — names are never guessed from elsewhere in the repository. Only the
 * file's own symbols and those of the files it imports are looked up.
 */
export function resolveFileReferences(file: FileIndex, scope: ResolveScope): Reference[] {
  const out: Reference[] = [];
  const importedFiles: { symbols: FileSymbols | undefined; names: string[] }[] = [];
  for (const site of file.imports) {
    const target = resolveImportPath(file.path, file.language, site.source, scope.paths);
    const ref: Reference = {
      kind: 'import',
      fromFile: file.path,
      name: site.source,
      line: site.line,
      snippet: '',
    };
    if (target) {
      ref.toFile = target;
      importedFiles.push({ symbols: scope.symbols(target), names: site.names });
    }
    out.push(ref);
  }
  const local = scope.symbols(file.path);
  for (const site of file.sites) {
    const allowed = site.kind === 'call' ? CALLABLE : TYPES;
    let target: SymbolObject | undefined;
    const self = site.qualifier === 'this' || site.qualifier === 'self' || site.qualifier === 'cls';
    if (self) {
      const owner = site.fromId ? local?.byId.get(site.fromId) : undefined;
      target = selfMember(owner, site.name, local);
    } else if (!site.qualifier) {
      target = pick(local?.byName.get(site.name), allowed, false);
      if (!target) {
        for (const imported of importedFiles) {
          if (
            !imported.names.includes(site.name) &&
            !imported.names.includes('*') &&
            imported.names.length
          )
            continue;
          target = pick(imported.symbols?.byName.get(site.name), allowed, true);
          if (target) break;
        }
      }
    } else {
      // `module.f()` where module is an imported namespace
      for (const imported of importedFiles) {
        if (!imported.names.includes('*')) continue;
        target = pick(imported.symbols?.byName.get(site.name), allowed, true);
        if (target) break;
      }
    }
    if (!target && site.kind === 'usage') continue;
    const ref: Reference = {
      kind: site.kind,
      fromFile: file.path,
      name: site.qualifier ? `${site.qualifier}.${site.name}` : site.name,
      line: site.line,
      snippet: site.snippet,
    };
    if (site.fromId) ref.fromId = site.fromId;
    if (target) {
      ref.toId = target.id;
      ref.toFile = target.path;
    }
    out.push(ref);
  }
  return out;
}

/** Resolves every file; the references of the whole repository in file order. */
export function resolveReferences(files: readonly FileIndex[]): Reference[] {
  const scope = scopeOf(files);
  return files.flatMap((file) => resolveFileReferences(file, scope));
}
