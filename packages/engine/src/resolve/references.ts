import type { CodeObject, FileIndex, Reference } from '../model.ts';
import { resolveImportPath } from './imports.ts';

const CALLABLE = new Set(['function', 'method', 'constructor', 'class', 'struct']);
const TYPES = new Set(['class', 'interface', 'struct', 'trait', 'enum', 'type']);

/** Lookup tables over all files, built once per resolve. */
export interface SymbolTable {
  paths: Set<string>;
  byFile: Map<string, Map<string, CodeObject[]>>;
  byId: Map<string, CodeObject>;
  fileById: Map<string, string>;
}

/** Indexes every object by file and name so resolution is a few map lookups per site. */
export function buildSymbolTable(files: readonly FileIndex[]): SymbolTable {
  const table: SymbolTable = {
    paths: new Set(),
    byFile: new Map(),
    byId: new Map(),
    fileById: new Map(),
  };
  for (const file of files) {
    table.paths.add(file.path);
    const names = new Map<string, CodeObject[]>();
    for (const object of file.objects) {
      table.byId.set(object.id, object);
      table.fileById.set(object.id, file.path);
      const list = names.get(object.name);
      if (list) list.push(object);
      else names.set(object.name, [object]);
    }
    table.byFile.set(file.path, names);
  }
  return table;
}

function pick(
  candidates: CodeObject[] | undefined,
  allowed: Set<string>,
  topLevelOnly: boolean,
): CodeObject | undefined {
  return candidates?.find((o) => allowed.has(o.kind) && (!topLevelOnly || !o.parentId));
}

/** The class (or struct/trait) enclosing an object, for `this.x()` / `self.x()` calls. */
function enclosingType(object: CodeObject | undefined, table: SymbolTable): CodeObject | undefined {
  let current = object;
  while (current) {
    if (TYPES.has(current.kind)) return current;
    current = current.parentId ? table.byId.get(current.parentId) : undefined;
  }
  return undefined;
}

/**
 * The resolve stage for one file: imports to repository files, and each call/usage/heritage site
 * to an object when the name is defined in the same file, in an imported file, or (for
 * `this.`/`self.` calls) in the enclosing class. Anything else stays an external reference
 * (calls and heritage) — names are never guessed from elsewhere in the repository.
 */
export function resolveFileReferences(file: FileIndex, table: SymbolTable): Reference[] {
  const out: Reference[] = [];
  const importedFiles: { path: string; names: string[] }[] = [];
  for (const site of file.imports) {
    const target = resolveImportPath(file.path, file.language, site.source, table.paths);
    const ref: Reference = {
      kind: 'import',
      fromFile: file.path,
      name: site.source,
      line: site.line,
      snippet: '',
    };
    if (target) {
      ref.toFile = target;
      importedFiles.push({ path: target, names: site.names });
    }
    out.push(ref);
  }
  const local = table.byFile.get(file.path);
  for (const site of file.sites) {
    const allowed = site.kind === 'call' ? CALLABLE : TYPES;
    let target: CodeObject | undefined;
    const self = site.qualifier === 'this' || site.qualifier === 'self' || site.qualifier === 'cls';
    if (self) {
      const owner = site.fromId ? table.byId.get(site.fromId) : undefined;
      const type = enclosingType(owner, table);
      target = type ? local?.get(site.name)?.find((o) => o.parentId === type.id) : undefined;
    } else if (!site.qualifier) {
      target = pick(local?.get(site.name), allowed, false);
      if (!target) {
        for (const imported of importedFiles) {
          if (
            !imported.names.includes(site.name) &&
            !imported.names.includes('*') &&
            imported.names.length
          )
            continue;
          target = pick(table.byFile.get(imported.path)?.get(site.name), allowed, true);
          if (target) break;
        }
      }
    } else {
      // `module.f()` where module is an imported namespace
      for (const imported of importedFiles) {
        if (!imported.names.includes('*')) continue;
        target = pick(table.byFile.get(imported.path)?.get(site.name), allowed, true);
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
      ref.toFile = table.fileById.get(target.id)!;
    }
    out.push(ref);
  }
  return out;
}

/** Resolves every file; the references of the whole repository in file order. */
export function resolveReferences(files: readonly FileIndex[]): Reference[] {
  const table = buildSymbolTable(files);
  return files.flatMap((file) => resolveFileReferences(file, table));
}
