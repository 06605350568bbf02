import type { Node } from '../parse/flat-tree.ts';
import { parseDocstring } from '../doc-comments/docstring.ts';
import { cleandoc } from '../doc-comments/strip.ts';
import type { BodyFacts, CodeObject, DocComment, Parameter } from '../model.ts';
import {
  addDottedCall,
  addObject,
  addSite,
  identifierText,
  parameter,
  siteQualifier,
  signatureOf,
  textOf,
  type ConvertContext,
} from './context.ts';
import { walkScoped } from './walk.ts';
import { fieldText, hasToken, namedKids, typeOf, typeText } from './nodes.ts';

/** Evaluates a Python string literal's text enough for docstrings (prefixes, quotes, escapes). */
export function pythonStringValue(node: Node): string | undefined {
  if (node.type === 'concatenated_string') {
    const parts = namedKids(node).map(pythonStringValue);
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  if (node.type !== 'string') return undefined;
  return pythonStringText(node.text);
}

/** The value of a Python string literal written as `text` (pythonStringValue of a string node). */
export function pythonStringText(text: string): string | undefined {
  const m = /^([rRuUbBfF]*)('''|"""|'|")([\s\S]*)\2$/.exec(text);
  if (!m) return undefined;
  const prefix = m[1]!.toLowerCase();
  if (prefix.includes('b') || prefix.includes('f')) return undefined;
  const body = m[3]!;
  if (prefix.includes('r') || !body.includes('\\')) return body;
  return body.replace(
    /\\(\n|\\|'|"|a|b|f|n|r|t|v|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|[0-7]{1,3})/g,
    (all, esc: string) => {
      switch (esc[0]) {
        case '\n':
          return '';
        case 'n':
          return '\n';
        case 't':
          return '\t';
        case 'r':
          return '\r';
        case 'a':
          return '\x07';
        case 'b':
          return '\b';
        case 'f':
          return '\f';
        case 'v':
          return '\v';
        case 'x':
        case 'u':
        case 'U':
          return String.fromCodePoint(parseInt(esc.slice(1), 16));
        case 'N':
          return all;
        default:
          return /[0-7]/.test(esc[0]!) ? String.fromCharCode(parseInt(esc, 8)) : esc;
      }
    },
  );
}

/** ast.get_docstring: the first statement of the body, when it is a plain string. */
export function readDocstring(body: Node | null): string | undefined {
  let first = body?.firstNamedChild;
  while (first?.type === 'comment') first = first.nextNamedSibling;
  if (first?.type !== 'expression_statement' || first.namedChildCount !== 1) return undefined;
  const value = pythonStringValue(first.namedChild(0)!);
  return value === undefined ? undefined : cleandoc(value);
}

function toDoc(text: string | undefined): DocComment | undefined {
  return text === undefined ? undefined : parseDocstring(text);
}

/** Parameters as Python's ast sees them (the bare `*` and `/` markers are not parameters). */
export function readPythonParameters(list: Node | null): Parameter[] {
  const out: Parameter[] = [];
  for (const p of list ? namedKids(list) : []) {
    let nameNode: Node | null = p;
    let type: string | undefined;
    let value: string | undefined;
    switch (p.type) {
      case 'identifier':
        break;
      case 'typed_parameter':
        nameNode = namedKids(p).find((c) => c.id !== p.childForFieldName('type')?.id) ?? null;
        type = typeText(p.childForFieldName('type'));
        break;
      case 'default_parameter':
      case 'typed_default_parameter':
        nameNode = p.childForFieldName('name');
        type = typeText(p.childForFieldName('type'));
        value = fieldText(p, 'value');
        break;
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
        break;
      default:
        continue;
    }
    if (!nameNode) continue;
    const rest =
      nameNode.type === 'list_splat_pattern' || nameNode.type === 'dictionary_splat_pattern';
    const name = rest ? nameNode.text.replace(/^\*+\s*/, '') : nameNode.text;
    out.push(parameter(name, rest, value !== undefined || rest, type, value));
  }
  return out;
}

interface Scope {
  parent: CodeObject | undefined;
  owner: CodeObject | undefined;
}

/** The file's own scope: every scope has both fields, so V8 sees one shape of them. */
const NO_SCOPE: Scope = { parent: undefined, owner: undefined };

/**
 * The dotted name a file is imported by: `src/flask/app.py` is `flask.app`, since a leading
 * `src/` or `lib/` folder is the project's layout, not a package (it is on the import path).
 */
export function pythonModuleName(path: string): string {
  const parts = path
    .replace(/\.pyi?$/, '')
    .replace(/\/__init__$/, '')
    .split('/')
    .filter(Boolean);
  if (parts.length > 1 && LAYOUT_FOLDERS.includes(parts[0]!)) parts.shift();
  return parts.join('.');
}

/** Folders that hold a project's packages without being one (src layout; imports.ts agrees). */
const LAYOUT_FOLDERS = ['src', 'lib'];

/**
 * Python: every `def` and `class` at any depth (as ast.walk sees them), their docstrings,
 * decorators, call sites, base classes and imports.
 */
export function convertPython(root: Node, ctx: ConvertContext): void {
  // the file itself is a module object carrying the module docstring; definitions keep their
  // ast-style qualified names (not prefixed with the module) so ids survive package moves
  const moduleName = pythonModuleName(ctx.path);
  const moduleDoc = toDoc(readDocstring(root));
  addObject(ctx, root, {
    kind: 'module',
    name: moduleName || ctx.path,
    signature: `module ${moduleName || ctx.path}`,
    modifiers: { exported: !/(^|\.)_/.test(moduleName) },
    ...(moduleDoc ? { doc: moduleDoc } : {}),
  });
  walkScoped(root, VISITED, NO_SCOPE, (node, scope) => enter(node, ctx, scope));
}

/** The node types the walk visits (extract.ts names them to wasm/extract.c in this order). */
export const VISITED = [
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
];

// `type` is node.type read once by the caller: every read crosses into WebAssembly
function declare(
  node: Node,
  type: string,
  ctx: ConvertContext,
  scope: Scope,
): CodeObject | undefined {
  if (type !== 'function_definition' && type !== 'class_definition') return undefined;
  const nameNode = node.childForFieldName('name');
  const name = nameNode ? textOf(ctx, nameNode) : undefined;
  if (!name) return undefined;
  const decorated = decoratedBy.get(ctx)?.get(node.id);
  const decorators = decorated
    ? namedKids(decorated)
        .filter((d) => typeOf(d) === 'decorator')
        .map((d) => textOf(ctx, d).replace(/\s+/g, ' '))
    : [];
  const body = node.childForFieldName('body');
  const doc = toDoc(readDocstring(body));
  const exported = !name.startsWith('_') || /^__\w+__$/.test(name);
  if (type === 'class_definition') {
    return addObject(ctx, node, {
      kind: 'class',
      name,
      parent: scope.parent,
      signature: signatureOf(ctx, node, body),
      modifiers: { exported },
      decorators,
      ...(doc ? { doc } : {}),
    });
  }
  return functionObject(node, ctx, scope, name, decorators, body, doc, exported);
}

/** A function or method (declare). */
function functionObject(
  node: Node,
  ctx: ConvertContext,
  scope: Scope,
  name: string,
  decorators: string[],
  body: Node | null,
  doc: DocComment | undefined,
  exported: boolean,
): CodeObject {
  const inClass = scope.parent?.kind === 'class' && !scope.owner;
  const returnType = typeText(node.childForFieldName('return_type'));
  return addObject(ctx, node, {
    kind: inClass ? (name === '__init__' ? 'constructor' : 'method') : 'function',
    name,
    parent: scope.parent,
    signature: signatureOf(ctx, node, body),
    parameters: readPythonParameters(node.childForFieldName('parameters')),
    ...(returnType !== undefined ? { returnType } : {}),
    modifiers: {
      exported,
      async: hasToken(node, 'async'),
      static: decorators.some((d) => d === '@staticmethod' || d === '@classmethod'),
      abstract: decorators.some((d) => d.includes('abstractmethod')),
      ...(inClass
        ? { visibility: name.startsWith('_') && !/^__\w+__$/.test(name) ? 'private' : 'public' }
        : {}),
    },
    decorators,
    ...(doc ? { doc } : {}),
    body: { throws: [], returnsValue: false, earlyExits: 0 },
  });
}

/**
 * Per file, each child of a decorated_definition → that node, noted when it is visited (before
 * its children), so a definition finds its decorators without a parent lookup.
 */
const decoratedBy = new WeakMap<ConvertContext, Map<number, Node>>();

function enter(node: Node, ctx: ConvertContext, scope: Scope): Scope {
  const type = node.type;
  if (type === 'decorated_definition') {
    const map = decoratedBy.get(ctx) ?? new Map<number, Node>();
    for (const child of namedKids(node)) map.set(child.id, node);
    decoratedBy.set(ctx, map);
    return scope;
  }
  const object = declare(node, type, ctx, scope);
  let inner = scope;
  if (object) inner = { parent: object, owner: object.kind === 'class' ? undefined : object };
  else if (type === 'lambda') inner = { parent: scope.parent, owner: undefined };
  record(node, type, ctx, inner, object);
  return inner;
}

// each kind of node its own function (V8 re-optimises a small one when a new form turns up)
function record(
  node: Node,
  type: string,
  ctx: ConvertContext,
  scope: Scope,
  declared: CodeObject | undefined,
): void {
  switch (type) {
    case 'call':
      return recordCall(node, ctx, scope.owner);
    case 'type':
      // names in annotations are usages of the classes they name (`def f(x: Config) -> Result`)
      for (const id of node.descendantsOfType('identifier')) {
        if (id) addSite(ctx, id, 'usage', identifierText(ctx, id), scope.owner ?? scope.parent);
      }
      return;
    case 'class_definition':
      return recordBases(node, ctx, declared);
    case 'raise_statement':
    case 'return_statement':
      if (scope.owner?.body) recordExit(node, type, scope.owner.body);
      return;
    case 'import_statement':
      return recordImport(node, ctx);
    case 'import_from_statement':
      return recordImportFrom(node, ctx);
  }
}

function recordCall(node: Node, ctx: ConvertContext, owner: CodeObject | undefined): void {
  const fn = node.childForFieldName('function');
  if (!fn || addDottedCall(ctx, fn, textOf(ctx, fn), owner)) return;
  const fnType = fn.type;
  if (fnType === 'identifier') addSite(ctx, fn, 'call', textOf(ctx, fn), owner);
  else if (fnType === 'attribute') {
    const attr = fn.childForFieldName('attribute');
    const obj = fn.childForFieldName('object');
    if (attr) {
      const qualifier = obj ? textOf(ctx, obj) : undefined;
      addSite(
        ctx,
        attr,
        'call',
        textOf(ctx, attr),
        owner,
        qualifier !== undefined ? siteQualifier(qualifier) : undefined,
      );
    }
  }
}

/** A class's bases: what it extends. */
function recordBases(node: Node, ctx: ConvertContext, declared: CodeObject | undefined): void {
  const bases = node.childForFieldName('superclasses');
  for (const base of bases ? namedKids(bases) : []) {
    if (base.type === 'identifier' || base.type === 'attribute') {
      const name = base.text.split('.').pop()!;
      addSite(ctx, base, 'extends', name, declared);
    }
  }
}

/** What a function's `raise` and `return` statements say about its body. */
function recordExit(node: Node, type: string, body: BodyFacts): void {
  if (type === 'raise_statement') {
    const exc = node.namedChild(0);
    const name = (exc?.type === 'call' ? exc.childForFieldName('function') : exc)?.text;
    if (name && !body.throws.includes(name)) body.throws.push(name);
    return;
  }
  if (node.namedChildCount > 0) body.returnsValue = true;
  const block = node.parent?.parent;
  if (
    block?.type === 'if_statement' ||
    block?.type === 'elif_clause' ||
    block?.type === 'else_clause'
  ) {
    body.earlyExits++;
  }
}

/** `import a.b`, `import a.b as c`. */
function recordImport(node: Node, ctx: ConvertContext): void {
  for (const name of namedKids(node)) {
    const aliased = name.type === 'aliased_import';
    const module = aliased ? fieldText(name, 'name') : name.text;
    // `import a.b` binds `a.b` (calls read `a.b.f()`); `import a.b as c` binds `c`
    const alias = aliased ? fieldText(name, 'alias') : module;
    if (module)
      ctx.imports.push({
        source: module,
        names: ['*'],
        line: node.startPosition.row + 1,
        ...(alias ? { alias } : {}),
      });
  }
}

/** `from a import b, c as d`. */
function recordImportFrom(node: Node, ctx: ConvertContext): void {
  const module = fieldText(node, 'module_name');
  if (!module) return;
  const names = node
    .childrenForFieldName('name')
    .filter((n): n is Node => n !== null)
    .map((n) => (n.type === 'aliased_import' ? (fieldText(n, 'name') ?? n.text) : n.text));
  ctx.imports.push({
    source: module,
    names: names.length ? names : ['*'],
    line: node.startPosition.row + 1,
  });
}
