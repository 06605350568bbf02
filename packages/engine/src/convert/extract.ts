import type { FlatTree, Node } from '../parse/flat-tree.ts';
import { parseDocstring } from '../doc-comments/docstring.ts';
import { cleandoc } from '../doc-comments/strip.ts';
import type { CodeObject, DocComment, ObjectKind, Site } from '../model.ts';
import { type WasmMemory, wasm } from '../wasm-api.ts';
import { addObject, addSiteAt, type ConvertContext, type Converter, parameter } from './context.ts';
import { EXTRACT_WASM } from './extract-wasm.ts';
import { convertPython, pythonModuleName, pythonStringText } from './python.ts';

/**
 * Converters whose walk runs in WebAssembly (wasm/extract.c): the tree's arrays and the source
 * go into the module's memory, the walk writes records (objects, sites, imports, what bodies
 * do) with their strings built, and this file turns them into the model through the same
 * addObject and addSite as the JavaScript converters, which stay the specification:
 * extract.test.ts compares both on every fixture, and a file the walk cannot finish (out of
 * memory) is converted in JavaScript instead.
 */

/** wasm/extract.c's exports. */
interface Extractor {
  memory: WasmMemory;
  alloc(bytes: number): number;
  mark(): number;
  release(at: number): void;
  extract_python(tree: number): number;
}

/** Per grammar: the module-side tables of a converter (types by symbol, field ids). */
interface Tables {
  types: number;
  fieldIds: number;
}

/** The type names extract.c's Python walk asks about, in its enum's order (PY_…, from 1). */
const PYTHON_TYPES = [
  'module',
  'decorated_definition',
  'function_definition',
  'class_definition',
  'lambda',
  'call',
  'raise_statement',
  'return_statement',
  'import_statement',
  'import_from_statement',
  'type',
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

/** The grammar's tables for a walk naming `types` and `fields` (made once per grammar). */
function tablesFor(x: Extractor, tree: FlatTree, types: string[], fields: string[]): Tables {
  const names = tree.names;
  let made = tables.get(names.types);
  if (!made) {
    const codes = new Map(types.map((type, i) => [type, i + 1]));
    const typesAt = x.alloc(65536);
    const bytes = new Uint8Array(x.memory.buffer, typesAt, 65536);
    bytes.fill(0);
    names.types.forEach((type, symbol) => {
      const code = codes.get(type);
      if (code !== undefined && symbol < 65535) bytes[symbol] = code;
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

const KINDS: ObjectKind[] = ['module', 'class', 'function', 'method', 'constructor'];
const SITE_KINDS: Site['kind'][] = ['call', 'usage', 'extends'];

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

  string(): string | undefined {
    const start = this.ints[this.at++]!;
    const length = this.ints[this.at++]!;
    if (start < 0) return undefined;
    const sourceLength = this.source.length;
    if (start < sourceLength || length === 0) return this.source.slice(start, start + length);
    const from = start - sourceLength;
    let out = '';
    for (let at = from; at < from + length; at += 8192)
      out += String.fromCharCode.apply(
        null,
        this.units.subarray(at, Math.min(from + length, at + 8192)) as unknown as number[],
      );
    return out;
  }
}

/** The docstring whose string nodes the walk lists (readDocstring of python.ts). */
function docstring(records: Records, tree: FlatTree): DocComment | undefined {
  const count = records.int();
  if (count < 0) return undefined;
  let value = '';
  let plain = true;
  for (let i = 0; i < count; i++) {
    const part = pythonStringText(tree.node(records.int()).text);
    if (part === undefined) plain = false;
    else value += part;
  }
  return plain ? parseDocstring(cleandoc(value)) : undefined;
}

const DUNDER = /^__\w+__$/;

/** convertPython's model from extract.c's walk (the JavaScript converter when it cannot run). */
export const extractPython: Converter = (root: Node, ctx: ConvertContext): void => {
  const x = extractor ?? loadExtractor();
  const tree = root.tree;
  // (the grammar's tables first: they stay, everything after the mark goes with the file)
  const own = tablesFor(x, tree, PYTHON_TYPES, PYTHON_FIELDS);
  const at = x.mark();
  try {
    const records = walk(x, tree, own, ctx.source);
    if (!records) {
      convertPython(root, ctx);
      return;
    }
    readPython(records, tree, ctx);
  } finally {
    x.release(at);
  }
};

/** Runs the walk over `tree`; its records, or undefined when it ran out of memory. */
function walk(x: Extractor, tree: FlatTree, own: Tables, source: string): Records | undefined {
  const { end, fieldsAt } = tree.arrays();
  const nodes = place(x, tree.data);
  const fields = place(x, tree.fields);
  const ends = place(x, end);
  const fieldStarts = place(x, fieldsAt);
  const text = x.alloc(source.length * 2 + 2);
  Buffer.from(x.memory.buffer, text, source.length * 2).write(source, 'utf16le');
  const layout = x.alloc(40);
  // Tree's slots (extract.c): nodes, fields, end, previous (unused), fields_at, count, source,
  // source_length, types, field_ids
  new Int32Array(x.memory.buffer, layout, 10).set([
    nodes,
    fields,
    ends,
    0,
    fieldStarts,
    tree.nodeCount,
    text,
    source.length,
    own.types,
    own.fieldIds,
  ]);
  const result = x.extract_python(layout);
  if (result === 0) return undefined;
  const [records, recordCount, units, unitCount] = new Int32Array(x.memory.buffer, result, 4);
  return new Records(
    new Int32Array(x.memory.buffer, records!, recordCount!).slice(),
    new Uint16Array(x.memory.buffer, units!, unitCount!).slice(),
    source,
  );
}

/** The model of extract.c's Python records (the objects as python.ts declares them). */
function readPython(records: Records, tree: FlatTree, ctx: ConvertContext): void {
  const objects: CodeObject[] = [];
  const ints = records.ints;
  while (records.at < ints.length) {
    const op = records.int();
    if (op === 1) objects.push(readObject(records, tree, ctx, objects));
    else if (op === 2) {
      const kind = SITE_KINDS[records.int()]!;
      const from = records.int();
      const row = records.int();
      const column = records.int();
      const name = records.string()!;
      const qualifier = records.string();
      addSiteAt(ctx, row, column, kind, name, from < 0 ? undefined : objects[from], qualifier);
    } else if (op === 3) {
      const line = records.int();
      const source = records.string()!;
      const alias = records.string();
      const count = records.int();
      const names: string[] = [];
      for (let i = 0; i < count; i++) names.push(records.string()!);
      ctx.imports.push({
        source,
        names: names.length ? names : ['*'],
        line,
        ...(alias ? { alias } : {}),
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
}

/** One object record (see extract.c's py_declare and the module object of extract_python). */
function readObject(
  records: Records,
  tree: FlatTree,
  ctx: ConvertContext,
  objects: CodeObject[],
): CodeObject {
  const kind = KINDS[records.int()]!;
  const node = tree.node(records.int());
  const parentNumber = records.int();
  const parent = parentNumber < 0 ? undefined : objects[parentNumber];
  const name = records.string();
  const signature = records.string();
  const returnType = records.string();
  const flags = records.int();
  const decorators: string[] = [];
  for (let i = records.int(); i > 0; i--) decorators.push(records.string()!);
  const parameters = [];
  for (let i = records.int(); i > 0; i--) {
    const parameterName = records.string()!;
    const type = records.string();
    const value = records.string();
    const rest = records.int() === 1;
    const optional = records.int() === 1;
    parameters.push(parameter(parameterName, rest, optional, type, value));
  }
  const doc = docstring(records, tree);
  if (kind === 'module') {
    const moduleName = pythonModuleName(ctx.path);
    return addObject(ctx, node, {
      kind,
      name: moduleName || ctx.path,
      signature: `module ${moduleName || ctx.path}`,
      modifiers: { exported: !/(^|\.)_/.test(moduleName) },
      ...(doc ? { doc } : {}),
    });
  }
  const exported = !name!.startsWith('_') || DUNDER.test(name!);
  if (kind === 'class')
    return addObject(ctx, node, {
      kind,
      name: name!,
      parent,
      signature,
      modifiers: { exported },
      decorators,
      ...(doc ? { doc } : {}),
    });
  const inClass = (flags & 2) !== 0;
  return addObject(ctx, node, {
    kind,
    name: name!,
    parent,
    signature,
    parameters,
    ...(returnType !== undefined ? { returnType } : {}),
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
    ...(doc ? { doc } : {}),
    body: { throws: [], returnsValue: false, earlyExits: 0 },
  });
}
