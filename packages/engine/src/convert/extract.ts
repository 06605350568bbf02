import type { FlatTree, Node } from '../parse/flat-tree.ts';
import { parseDocstring } from '../doc-comments/docstring.ts';
import { cleandoc, stripCommentMarkers } from '../doc-comments/strip.ts';
import { parseTaggedComment } from '../doc-comments/tagged.ts';
import { ownString } from '../resolve/symbols.ts';
import type { CodeObject, DocComment, FileIndex, ObjectKind, Parameter, Site } from '../model.ts';
import { type WasmMemory, wasm } from '../wasm-api.ts';
import type { CommentMask } from './comment-mask.ts';
import {
  addObjectAt,
  addSiteAt,
  type ConvertContext,
  type Converter,
  createContext,
  finishHashes,
  type ObjectPlace,
  parameter,
} from './context.ts';
import { EXTRACT_WASM } from './extract-wasm.ts';
import {
  convertPython,
  pythonModuleName,
  pythonStringText,
  VISITED as PYTHON_VISITED,
} from './python.ts';
import { readAnnotatedDocs } from './python-annotated.ts';
import { convertTypeScript, VISITED as TYPESCRIPT_VISITED } from './typescript.ts';

/**
 * Converters whose walk runs in WebAssembly (wasm/extract.c): the tree's arrays and the source
 * go into the module's memory, and the walk writes records (objects with their places, sites,
 * imports, what bodies do) with their strings built, and the file's comment mask. Reading the
 * records into the model (ids, docs, sites, code hashes) goes through the same addObject and
 * addSite as the JavaScript converters and needs only the records and the source, so in a small
 * pool (parse/pool.ts) a parser thread sends them as they are and the main thread reads them
 * (readExtracted): the JavaScript that turns records into a model is then compiled by V8 once,
 * on the main thread, not once in every parser thread. The JavaScript converters stay the specification: extract.test.ts
 * compares both on every fixture, and a file the walk cannot finish (out of memory) is
 * converted in JavaScript instead.
 */

/** What a walk hands over: enough to read the model anywhere, without the tree. */
export interface Extracted {
  repository: string;
  source: string;
  records: Int32Array;
  units: Uint16Array;
  /** The comment mask's ranges as the walk found them (in tree order). */
  mask: Int32Array;
}

/** A model whose objects, sites and imports are still records (see readExtracted). */
export interface ExtractedFileIndex extends FileIndex {
  extracted: Extracted;
}

/** A walk in WebAssembly, and the converter that does the same in JavaScript. */
export interface NativeWalk {
  walk(
    tree: FlatTree,
    source: string,
    language: string,
  ): Omit<Extracted, 'repository' | 'source'> | undefined;
  fallback: Converter;
}

/** wasm/extract.c's exports. */
interface Extractor {
  memory: WasmMemory;
  alloc(bytes: number): number;
  mark(): number;
  release(at: number): void;
  extract_python(tree: number): number;
  extract_typescript(tree: number, javascript: number): number;
}

/** Per grammar: the module-side tables of a converter (types by symbol, field ids). */
interface Tables {
  types: number;
  fieldIds: number;
}

/**
 * The type names extract.c's Python walk asks about, in its enum's order (PY_…, from 1): the
 * module, the types python.ts visits, then those it looks at around them.
 */
const PYTHON_TYPES = [
  'module',
  ...PYTHON_VISITED,
  'identifier',
  'attribute',
  'decorator',
  'expression_statement',
  'comment',
  'string',
  'concatenated_string',
  'typed_parameter',
  'default_parameter',
  'typed_default_parameter',
  'list_splat_pattern',
  'dictionary_splat_pattern',
  'async',
  'aliased_import',
  'if_statement',
  'elif_clause',
  'else_clause',
];

/**
 * The type names extract.c's TypeScript walk asks about, in its enum's order (TS_…, from 1): the
 * types typescript.ts visits, then those it looks at around them; every other type whose name
 * holds `comment` has the code after them (TS_COMMENTISH).
 */
const TYPESCRIPT_TYPES = [
  ...TYPESCRIPT_VISITED,
  'object',
  'object_type',
  'identifier',
  'member_expression',
  'lexical_declaration',
  'variable_declaration',
  'const',
  'ambient_declaration',
  'decorator',
  'comment',
  'required_parameter',
  'optional_parameter',
  'assignment_pattern',
  'rest_pattern',
  '?',
  'accessibility_modifier',
  'private_property_identifier',
  'static',
  'abstract',
  'async',
  'as_expression',
  'satisfies_expression',
  'parenthesized_expression',
  'pair',
  'shorthand_property_identifier',
  'expression_statement',
  'string',
  'generic_type',
  'statement_block',
  'if_statement',
  'else_clause',
  'import_clause',
  'namespace_import',
  'named_imports',
  'import_specifier',
  'export_clause',
  'export_specifier',
  '\n',
];

/** The field names of the TypeScript walk, in its enum's order (TF_…, from 1). */
const TYPESCRIPT_FIELDS = [
  'name',
  'body',
  'parameters',
  'parameter',
  'return_type',
  'value',
  'type',
  'pattern',
  'left',
  'right',
  'key',
  'property',
  'object',
  'function',
  'constructor',
  'arguments',
  'source',
  'declaration',
];

/** The field names of the Python walk, in its enum's order (PF_…, from 1). */
const PYTHON_FIELDS = [
  'name',
  'body',
  'parameters',
  'return_type',
  'type',
  'value',
  'function',
  'attribute',
  'object',
  'superclasses',
  'module_name',
  'alias',
];

let extractor: Extractor | undefined;
/** The tables of each grammar (by its type list), in the module's memory for good. */
const tables = new WeakMap<readonly string[], Tables>();

function loadExtractor(): Extractor {
  extractor = new wasm.Instance(new wasm.Module(Buffer.from(EXTRACT_WASM, 'base64')), {})
    .exports as Extractor;
  return extractor;
}

/**
 * The grammar's tables for a walk naming `types` and `fields` (made once per grammar); with
 * `commentish`, every other type whose name holds `comment` has the code after `types`.
 */
function tablesFor(
  x: Extractor,
  tree: FlatTree,
  types: string[],
  fields: string[],
  commentish = false,
): Tables {
  const names = tree.names;
  let made = tables.get(names.types);
  if (!made) {
    const codes = new Map(types.map((type, i) => [type, i + 1]));
    if (commentish)
      for (const type of names.types)
        if (type?.includes('comment') && !codes.has(type)) codes.set(type, types.length + 1);
    const typesAt = x.alloc(65536);
    const bytes = new Uint8Array(x.memory.buffer, typesAt, 65536);
    bytes.fill(0);
    names.types.forEach((type, symbol) => {
      if (symbol >= 65535) return;
      // the top bit: a comment, as comment-mask.ts finds them (every type named `…comment`)
      bytes[symbol] = (codes.get(type) ?? 0) | (type?.endsWith('comment') ? 0x80 : 0);
    });
    const fieldIds = x.alloc((fields.length + 1) * 4);
    const ids = new Int32Array(x.memory.buffer, fieldIds, fields.length + 1);
    ids[0] = 0;
    fields.forEach((field, i) => {
      ids[i + 1] = names.fields.indexOf(field);
      if (ids[i + 1]! < 0) ids[i + 1] = 0;
    });
    made = { types: typesAt, fieldIds };
    tables.set(names.types, made);
  }
  return made;
}

/** Copies `array` into the module's memory; returns its address. */
function place(x: Extractor, array: Int32Array): number {
  const at = x.alloc(array.length * 4 + 4);
  new Int32Array(x.memory.buffer, at, array.length).set(array);
  return at;
}

const KINDS: ObjectKind[] = [
  'module',
  'class',
  'function',
  'method',
  'constructor',
  'interface',
  'enum',
  'type',
  'namespace',
  'constant',
];
const SITE_KINDS: Site['kind'][] = ['call', 'usage', 'extends', 'implements'];

/**
 * Reads the records of a walk: a cursor over the ints, and strings as (start, length) pairs, in
 * the source below its length and in the walk's own units from there.
 */
class Records {
  at = 0;
  constructor(
    readonly ints: Int32Array,
    readonly units: Uint16Array,
    readonly source: string,
  ) {}

  int(): number {
    return this.ints[this.at++]!;
  }

  /** A site's snippet: the same string for the sites of one line (as snippetOf gives them). */
  snippet(): string {
    const start = this.ints[this.at++]!;
    const length = this.ints[this.at++]!;
    if (start !== this.snippetStart || length !== this.snippetLength) {
      this.snippetStart = start;
      this.snippetLength = length;
      this.lastSnippet = this.source.slice(start, start + length);
    }
    return this.lastSnippet;
  }

  private snippetStart = -1;
  private snippetLength = -1;
  private lastSnippet = '';

  string(): string | undefined {
    const start = this.ints[this.at++]!;
    const length = this.ints[this.at++]!;
    if (start < 0) return undefined;
    const sourceLength = this.source.length;
    if (start < sourceLength || length === 0) return this.source.slice(start, start + length);
    const from = start - sourceLength;
    return this.builtText().slice(from, from + length);
  }

  /** The walk's units as one string (one byte a unit where they fit), decoded on first use. */
  private builtText(): string {
    if (this.built === undefined) {
      const { buffer, byteOffset, byteLength } = this.units;
      this.built = Buffer.from(buffer, byteOffset, byteLength).toString('utf16le');
    }
    return this.built;
  }

  private built: string | undefined = undefined;
}

/**
 * JSDoc comments parsed before, by their text, each as its doc's JSON: packages repeat theirs (a
 * declaration file and its `.d.cts` twin, CommonJS and ESM builds: three of four JSDoc comments
 * among the benchmark's packages are another's), and parsing one (marker stripping, tag patterns)
 * costs many times the lookup and a `JSON.parse`, which gives every model objects and strings of
 * its own (no view of a file's source, nothing shared between models) and serialises alike (key
 * order kept; keys whose value is undefined, which JSON leaves out anyway, dropped). Emptied past
 * 2,048 comments or a million characters.
 */
const jsDocs = new Map<string, string>();
const JS_DOCS_KEPT = 2048;
const JS_DOC_UNITS_KEPT = 1 << 20;
let jsDocUnits = 0;

/** parseTaggedComment(stripCommentMarkers(raw)), or a copy of the earlier result. */
function jsDocOf(raw: string): DocComment {
  const known = jsDocs.get(raw);
  if (known !== undefined) return JSON.parse(known) as DocComment;
  const doc = parseTaggedComment(stripCommentMarkers(raw));
  const json = JSON.stringify(doc);
  jsDocUnits += raw.length + json.length;
  if (jsDocs.size >= JS_DOCS_KEPT || jsDocUnits > JS_DOC_UNITS_KEPT) {
    jsDocs.clear();
    jsDocUnits = raw.length + json.length;
  }
  jsDocs.set(ownString(raw), json);
  return doc;
}

/** The docstring whose string nodes the walk lists (readDocstring of python.ts). */
function docstring(records: Records): DocComment | undefined {
  const count = records.int();
  if (count < 0) return undefined;
  let value = '';
  let plain = true;
  for (let i = 0; i < count; i++) {
    const part = pythonStringText(records.string()!);
    if (part === undefined) plain = false;
    else value += part;
  }
  return plain ? parseDocstring(cleandoc(value)) : undefined;
}

const DUNDER = /^__\w+__$/;

/** The Python walk (extract_python), with python.ts for files it cannot finish. */
const pythonWalk: NativeWalk = {
  walk: (tree, source) => {
    const x = extractor ?? loadExtractor();
    // (the grammar's tables first: they stay, everything after the mark goes with the file)
    const own = tablesFor(x, tree, PYTHON_TYPES, PYTHON_FIELDS);
    const at = x.mark();
    try {
      return walk(x, tree, own, source, (layout) => x.extract_python(layout));
    } finally {
      x.release(at);
    }
  },
  fallback: convertPython,
};

/** The TypeScript, TSX and JavaScript walk (extract_typescript), with typescript.ts as fallback. */
const typescriptWalk: NativeWalk = {
  walk: (tree, source, language) => {
    const x = extractor ?? loadExtractor();
    const own = tablesFor(x, tree, TYPESCRIPT_TYPES, TYPESCRIPT_FIELDS, true);
    const at = x.mark();
    try {
      return walk(x, tree, own, source, (layout) =>
        x.extract_typescript(layout, language === 'javascript' ? 1 : 0),
      );
    } finally {
      x.release(at);
    }
  },
  fallback: convertTypeScript,
};

/** The model readers of each language with a walk here. */
const READERS: Record<string, (records: Records, ctx: ConvertContext) => boolean> = {
  python: readPython,
  typescript: readTypeScript,
  tsx: readTypeScript,
  javascript: readTypeScript,
};

/**
 * convertPython as a converter over extract.c's walk, reading the model at once (what tests and
 * callers of a converter get; indexFile uses the walk itself, see nativeWalkOf).
 */
export const extractPython: Converter = (root: Node, ctx: ConvertContext): void => {
  const extracted = pythonWalk.walk(root.tree, ctx.source, ctx.language);
  if (!extracted) convertPython(root, ctx);
  // (as a converter, its hashes are indexFile's: finishHashes after it, the same hashes)
  else readPython(new Records(extracted.records, extracted.units, ctx.source), ctx);
};

/** convertTypeScript as a converter over extract.c's walk (as extractPython). */
export const extractTypeScript: Converter = (root: Node, ctx: ConvertContext): void => {
  const extracted = typescriptWalk.walk(root.tree, ctx.source, ctx.language);
  if (!extracted) convertTypeScript(root, ctx);
  else readTypeScript(new Records(extracted.records, extracted.units, ctx.source), ctx);
};

const NATIVE = new Map<Converter, NativeWalk>([
  [extractPython, pythonWalk],
  [extractTypeScript, typescriptWalk],
]);

/** The walk in WebAssembly behind a converter of the dispatch table, if it has one. */
export function nativeWalkOf(converter: Converter | undefined): NativeWalk | undefined {
  return converter && NATIVE.get(converter);
}

/** The comment mask of a walk's ranges, sorted by start as maskComments sorts them. */
function maskOf(ranges: Int32Array): CommentMask | undefined {
  if (ranges.length === 0) return undefined;
  let ordered = true;
  for (let i = 2; i < ranges.length && ordered; i += 2) ordered = ranges[i]! >= ranges[i - 2]!;
  if (ordered) return { ranges };
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const sorted = new Int32Array(ranges.length);
  pairs.forEach(([start, end], i) => {
    sorted[2 * i] = start;
    sorted[2 * i + 1] = end;
  });
  return { ranges: sorted };
}

/**
 * The model of a file whose walk ran in WebAssembly: its records read into objects, sites and
 * imports, each object given its code hash (as indexFile does after a JavaScript converter).
 */
export function readExtracted(file: ExtractedFileIndex): FileIndex {
  const { repository, source, records, units, mask } = file.extracted;
  const ctx = createContext(repository, file.path, file.language ?? '', source, maskOf(mask));
  const diagnostics = [...file.diagnostics];
  let hashed = false;
  try {
    hashed = READERS[file.language ?? '']!(new Records(records, units, source), ctx);
  } catch (error) {
    diagnostics.push({
      severity: 'error',
      message: `Extraction stopped early: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  // (the walk hashed the objects, unless the file needs the string forms: see put_hashes)
  if (!hashed) finishHashes(ctx);
  if (ctx.language === 'python') readAnnotatedDocs(ctx);
  // the fields in FileIndex's own order, so a model serialises as indexFile's does
  return {
    path: file.path,
    language: file.language,
    status: file.status,
    contentHash: file.contentHash,
    bytes: file.bytes,
    lines: file.lines,
    objects: ctx.objects,
    sites: ctx.sites,
    imports: ctx.imports,
    diagnostics,
  };
}

/** Runs the walk over `tree`; its records, or undefined when it ran out of memory. */
function walk(
  x: Extractor,
  tree: FlatTree,
  own: Tables,
  source: string,
  run: (layout: number) => number,
): Omit<Extracted, 'repository' | 'source'> | undefined {
  const { end, fieldsAt } = tree.arrays();
  const nodes = place(x, tree.data);
  const fields = place(x, tree.fields);
  const ends = place(x, end);
  const fieldStarts = place(x, fieldsAt);
  const text = x.alloc(source.length * 2 + 2);
  Buffer.from(x.memory.buffer, text, source.length * 2).write(source, 'utf16le');
  const layout = x.alloc(36);
  // Tree's slots (extract.c): nodes, fields, end, fields_at, count, source, source_length,
  // types, field_ids
  new Int32Array(x.memory.buffer, layout, 9).set([
    nodes,
    fields,
    ends,
    fieldStarts,
    tree.nodeCount,
    text,
    source.length,
    own.types,
    own.fieldIds,
  ]);
  const result = run(layout);
  if (result === 0) return undefined;
  const [records, recordCount, units, unitCount, mask, maskCount] = new Int32Array(
    x.memory.buffer,
    result,
    6,
  ) as unknown as number[];
  // the three in one buffer (records, mask, then the units): one ArrayBuffer to allocate, send
  // and collect per file instead of three, each of which V8 tracks on its own
  const ints = recordCount! + maskCount!;
  const buffer = new ArrayBuffer(4 * ints + 2 * unitCount!);
  const bytes = new Uint8Array(buffer);
  const from = new Uint8Array(x.memory.buffer);
  bytes.set(from.subarray(records!, records! + 4 * recordCount!), 0);
  bytes.set(from.subarray(mask!, mask! + 4 * maskCount!), 4 * recordCount!);
  bytes.set(from.subarray(units!, units! + 2 * unitCount!), 4 * ints);
  return {
    records: new Int32Array(buffer, 0, recordCount),
    mask: new Int32Array(buffer, 4 * recordCount!, maskCount),
    units: new Uint16Array(buffer, 4 * ints, unitCount),
  };
}

/**
 * The model of extract.c's Python records (the objects as python.ts declares them); whether they
 * held the objects' code hashes.
 */
function readPython(records: Records, ctx: ConvertContext): boolean {
  const objects: CodeObject[] = [];
  const ints = records.ints;
  let hashed = false;
  while (records.at < ints.length) {
    const op = records.int();
    if (op === 1) objects.push(readObject(records, ctx, objects));
    else if (op === 6) hashed = readHashes(records, objects);
    // `import a.b` names nothing: everything of it is reached through its name
    else readShared(op, records, ctx, objects, ['*']);
  }
  return hashed;
}

/**
 * The records both walks write alike: a site (2), an import (3, `noNames` its names when it
 * lists none), what a body's exit says (4); throws on any other.
 */
function readShared(
  op: number,
  records: Records,
  ctx: ConvertContext,
  objects: CodeObject[],
  noNames: readonly string[],
): void {
  if (op === 2) {
    const kind = SITE_KINDS[records.int()]!;
    const from = records.int();
    const row = records.int();
    const column = records.int();
    const snippet = records.snippet();
    const name = records.string()!;
    const qualifier = records.string();
    const owner = from < 0 ? undefined : objects[from];
    addSiteAt(ctx, row, column, kind, name, owner, qualifier, snippet);
  } else if (op === 3) {
    const line = records.int();
    const source = records.string()!;
    const alias = records.string();
    const names: string[] = [];
    for (let i = records.int(); i > 0; i--) names.push(records.string()!);
    ctx.imports.push({
      source,
      names: names.length ? names : [...noNames],
      line,
      alias: alias || undefined,
    });
  } else if (op === 4) {
    const body = objects[records.int()]!.body!;
    if (records.int() === 1) {
      const name = records.string();
      if (name && !body.throws.includes(name)) body.throws.push(name);
    } else {
      if (records.int() === 1) body.returnsValue = true;
      if (records.int() === 1) body.earlyExits++;
    }
  } else throw new Error(`Unknown extraction record ${op}.`);
}

/** An object record's place: start row and column, end row and column, start and end index. */
function readPlace(records: Records): ObjectPlace {
  return {
    startRow: records.int(),
    startColumn: records.int(),
    endRow: records.int(),
    endColumn: records.int(),
    startIndex: records.int(),
    endIndex: records.int(),
  };
}

/** An object record's decorators, then its parameters (count first, each). */
function readDecoratorsAndParameters(records: Records): [string[], Parameter[]] {
  const decorators: string[] = [];
  for (let i = records.int(); i > 0; i--) decorators.push(records.string()!);
  const parameters: Parameter[] = [];
  for (let i = records.int(); i > 0; i--) {
    const parameterName = records.string()!;
    const type = records.string();
    const value = records.string();
    const rest = records.int() === 1;
    const optional = records.int() === 1;
    parameters.push(parameter(parameterName, rest, optional, type, value));
  }
  return [decorators, parameters];
}

/** The objects' code hashes (extract.c's put_hashes): true, as the objects now have them. */
function readHashes(records: Records, objects: CodeObject[]): true {
  const count = records.int();
  for (let i = 0; i < count; i++) {
    const object = objects[i]!;
    object.codeHash = records.string()!;
    const legacy = records.string();
    if (legacy !== undefined) object.legacyCodeHash = legacy;
  }
  return true;
}

/** One object record (see extract.c's py_declare and the module object of extract_python). */
function readObject(records: Records, ctx: ConvertContext, objects: CodeObject[]): CodeObject {
  const kind = KINDS[records.int()]!;
  const place = readPlace(records);
  const parentNumber = records.int();
  const parent = parentNumber < 0 ? undefined : objects[parentNumber];
  const name = records.string();
  const signature = records.string();
  const returnType = records.string();
  const flags = records.int();
  const [decorators, parameters] = readDecoratorsAndParameters(records);
  const doc = docstring(records);
  if (kind === 'module') {
    const moduleName = pythonModuleName(ctx.path);
    const name = moduleName || ctx.path;
    return addObjectAt(ctx, place, `module ${name}`, {
      kind,
      name,
      modifiers: { exported: !/(^|\.)_/.test(moduleName) },
      doc,
    });
  }
  const exported = !name!.startsWith('_') || DUNDER.test(name!);
  if (kind === 'class')
    return addObjectAt(ctx, place, signature!, {
      kind,
      name: name!,
      parent,
      modifiers: { exported },
      decorators,
      doc,
    });
  const inClass = (flags & 2) !== 0;
  return addObjectAt(ctx, place, signature!, {
    kind,
    name: name!,
    parent,
    parameters,
    returnType,
    modifiers: {
      exported,
      async: (flags & 1) !== 0,
      static: decorators.some((d) => d === '@staticmethod' || d === '@classmethod'),
      abstract: decorators.some((d) => d.includes('abstractmethod')),
      ...(inClass
        ? { visibility: name!.startsWith('_') && !DUNDER.test(name!) ? 'private' : 'public' }
        : {}),
    },
    decorators,
    doc,
    body: { throws: [], returnsValue: false, earlyExits: 0 },
  });
}

/**
 * The model of extract.c's TypeScript records (the objects as typescript.ts declares them), and
 * at the end what convertTypeScript does once the file is read: declarations exported by name
 * elsewhere in the file (`export { f }`, `module.exports = { f }`) and functions hung on a
 * variable the module exports are marked exported.
 */
function readTypeScript(records: Records, ctx: ConvertContext): boolean {
  const objects: CodeObject[] = [];
  const ints = records.ints;
  let hashed = false;
  let byName: Set<string> | undefined;
  const placed: { root: string; object: CodeObject }[] = [];
  while (records.at < ints.length) {
    const op = records.int();
    if (op === 1) {
      const object = readTypeScriptObject(records, ctx, objects);
      objects.push(object);
      const root = records.string();
      if (root !== undefined) placed.push({ root, object });
    } else if (op === 5) {
      (byName ??= new Set()).add(records.string()!);
    } else if (op === 6) {
      hashed = readHashes(records, objects);
    } else readShared(op, records, ctx, objects, []);
  }
  if (byName) {
    for (const object of objects) {
      if (object.parentId === undefined && byName.has(object.name))
        object.modifiers.exported = true;
    }
    for (const { root, object } of placed) if (byName.has(root)) object.modifiers.exported = true;
  }
  return hashed;
}

const VISIBILITY = ['public', 'private', 'protected'] as const;

/** One object record of the TypeScript walk (ts_object and the writers after it in extract.c). */
function readTypeScriptObject(
  records: Records,
  ctx: ConvertContext,
  objects: CodeObject[],
): CodeObject {
  const kind = KINDS[records.int()]!;
  const place = readPlace(records);
  const parentNumber = records.int();
  const parent = parentNumber < 0 ? undefined : objects[parentNumber];
  const name = records.string()!;
  const prefix = records.string();
  const signature = records.string()!;
  const returnType = records.string();
  const flags = records.int();
  const [decorators, parameters] = readDecoratorsAndParameters(records);
  const docText = records.string();
  const doc = docText === undefined ? undefined : jsDocOf(docText);
  const member = (flags & 16) !== 0;
  const fn = (flags & 32) !== 0;
  return addObjectAt(ctx, place, signature, {
    kind,
    name,
    parent,
    prefix,
    parameters,
    returnType,
    modifiers: {
      exported: (flags & 1) !== 0,
      static: (flags & 2) !== 0,
      async: (flags & 4) !== 0,
      abstract: (flags & 8) !== 0,
      ...(member ? { visibility: VISIBILITY[(flags >> 6) & 3] } : {}),
    },
    decorators,
    doc,
    ...(fn ? { body: { throws: [], returnsValue: false, earlyExits: 0 } } : {}),
  });
}
