import type { Node } from '../parse/flat-tree.ts';
import type { BodyFacts, CodeObject, ObjectKind } from '../model.ts';
import {
  addDottedCall,
  addObject,
  collapsedPrefix,
  addSite,
  markLocalCalls,
  identifierText,
  siteQualifier,
  leadingIdentifier,
  parameter,
  signatureOf,
  textOf,
  type ConvertContext,
} from './context.ts';
import {
  decoratorsOf,
  hasModifier,
  isExported,
  readDoc,
  readParameters,
  visibility,
} from './typescript-parts.ts';
import { assignsExports, chainExports, propertyTarget } from './property-functions.ts';
import { walkScoped } from './walk.ts';
import { fieldText, hasToken, namedKids, parentOf, typeOf, typeText } from './nodes.ts';

const FUNCTIONS = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_signature',
]);
const METHODS = new Set(['method_definition', 'method_signature', 'abstract_method_signature']);
const CLASSES = new Set(['class_declaration', 'abstract_class_declaration']);
const FUNCTION_VALUES = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
]);
const TYPE_DECLARATIONS = new Set([
  'class_declaration',
  'abstract_class_declaration',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
]);
const SCOPES = new Set([
  ...FUNCTIONS,
  ...METHODS,
  ...FUNCTION_VALUES,
  'class_declaration',
  'abstract_class_declaration',
  'class',
]);

interface Scope {
  parent: CodeObject | undefined;
  /** The innermost function-like object, which body facts and call sites belong to. */
  owner: CodeObject | undefined;
}

/** The file's own scope: every scope has both fields, so V8 sees one shape of them. */
const NO_SCOPE: Scope = { parent: undefined, owner: undefined };

/**
 * TypeScript, TSX and JavaScript: declarations anywhere in the tree (nested ones qualified by
 * their enclosing class, namespace or function), plus call sites, heritage and imports.
 */
export function convertTypeScript(root: Node, ctx: ConvertContext): void {
  noteHoistedFunctions(root, ctx);
  walkScoped(root, VISITED, NO_SCOPE, (node, scope) => enter(node, ctx, scope));
  placeOnLaterContainers(ctx);
  markLocalSites(ctx);
  if (ctx.language === 'javascript') noteCommonJsExports(root, ctx);
  // declarations exported by name elsewhere in the file (`export { f }`, `export default f`,
  // `module.exports = { f }`)
  const byName = exported.get(ctx);
  if (byName) {
    for (const object of ctx.objects) {
      if (object.parentId === undefined && byName.has(object.name))
        object.modifiers.exported = true;
    }
    // `res.send = function send() {}` … `module.exports = res`
    for (const { root, object } of placedByFile.get(ctx) ?? []) {
      if (byName.has(root)) object.modifiers.exported = true;
    }
  }
}

/**
 * The module's function declarations, known before the walk: a function is hoisted, so
 * `View.prototype.render = function…` written above `function View` hangs on it.
 */
function noteHoistedFunctions(root: Node, ctx: ConvertContext): void {
  for (const statement of root.namedChildren) {
    const declaration =
      statement?.type === 'export_statement'
        ? statement.childForFieldName('declaration')
        : statement;
    if (
      declaration?.type === 'function_declaration' ||
      declaration?.type === 'generator_function_declaration'
    ) {
      const name = fieldText(declaration, 'name');
      if (name) declaredRoots(ctx).add(name);
    }
  }
}

/** Property functions placed by name before their container was declared, per file. */
const unplacedByFile = new WeakMap<
  ConvertContext,
  { object: CodeObject; container: string; prototype: boolean }[]
>();

/**
 * Hangs each property function placed before its container was declared (a hoisted function
 * declared further down) on that container, as if it had come first: the same qualified name
 * and id, now with its parent, so `this.` inside it reaches the container's methods.
 */
function placeOnLaterContainers(ctx: ConvertContext): void {
  const unplaced = unplacedByFile.get(ctx);
  if (!unplaced) return;
  const containers = new Map<string, CodeObject>();
  for (const object of ctx.objects)
    if (CONTAINERS.has(object.kind) && !containers.has(object.qualifiedName))
      containers.set(object.qualifiedName, object);
  for (const { object, container: path, prototype } of unplaced) {
    const container = containers.get(path);
    if (!container || container === object) continue;
    object.parentId = container.id;
    object.modifiers.static =
      !prototype && (container.kind === 'class' || container.kind === 'function');
  }
}

/** The names each function's body declares as plain variables (no object of the model). */
const localsByFile = new WeakMap<ConvertContext, Map<CodeObject, Set<string>>>();

function noteLocal(ctx: ConvertContext, owner: CodeObject, name: string): void {
  let byOwner = localsByFile.get(ctx);
  if (!byOwner) localsByFile.set(ctx, (byOwner = new Map()));
  const names = byOwner.get(owner);
  if (names) names.add(name);
  else byOwner.set(owner, new Set([name]));
}

/**
 * Marks the bare names a site's enclosing functions bind themselves, as variables or parameters
 * (`var View = app.get('view'); new View()` in a method): those are values of their own, not the
 * module's `View`. An object declared nearer than the binding still wins (a nested `function`).
 */
function markLocalSites(ctx: ConvertContext): void {
  const locals = localsByFile.get(ctx);
  markLocalCalls(
    ctx,
    (object, name) =>
      locals?.get(object)?.has(name) === true || object.parameters.some((p) => p.name === name),
  );
}

const VISITED = [
  ...SCOPES,
  'interface_declaration',
  'enum_declaration',
  'type_alias_declaration',
  'internal_module',
  'module',
  'variable_declarator',
  'assignment_expression',
  'public_field_definition',
  'field_definition',
  'call_expression',
  'new_expression',
  'extends_clause',
  'extends_type_clause',
  'implements_clause',
  'type_identifier',
  'throw_statement',
  'return_statement',
  'import_statement',
  'jsx_opening_element',
  'jsx_self_closing_element',
  'export_statement',
];

// `t` is node.type read once by the caller. Each form has a function of its own: V8 optimises
// and, when a form it has not seen yet turns up, re-optimises each one alone, not one large
// function every time
function declare(node: Node, t: string, ctx: ConvertContext, scope: Scope): CodeObject | undefined {
  if (FUNCTIONS.has(t) || METHODS.has(t)) return declareFunction(node, t, ctx, scope);
  if (
    CLASSES.has(t) ||
    t === 'interface_declaration' ||
    t === 'enum_declaration' ||
    t === 'type_alias_declaration'
  )
    return declareType(node, t, ctx, scope);
  if (t === 'internal_module' || t === 'module') return declareNamespace(node, t, ctx, scope);
  if (FUNCTION_VALUES.has(t) || t === 'class') {
    const value = declareValue(node, t, ctx, scope);
    if (value) return value;
  }
  if (t === 'variable_declarator') return declareVariable(node, ctx, scope);
  if (t === 'assignment_expression') return declareAssignment(node, ctx, scope);
  if (t === 'public_field_definition' || t === 'field_definition')
    return declareField(node, ctx, scope);
  return undefined;
}

/** A function or method declaration (or signature). */
function declareFunction(
  node: Node,
  t: string,
  ctx: ConvertContext,
  scope: Scope,
): CodeObject | undefined {
  const literal = literalMembers.get(ctx)?.get(node.id);
  if (literal) return literalFunction(node, node, ctx, literal);
  // members of other object literals and of class expressions are anonymous forms, not listed
  const holder = parentOf(node);
  if (METHODS.has(t) && holder) {
    const holderType = typeOf(holder);
    if (
      holderType === 'object' ||
      (holderType === 'object_type'
        ? parentOf(holder)?.type !== 'interface_declaration'
        : parentOf(holder)?.type === 'class')
    ) {
      return undefined;
    }
  }
  const nameNode = node.childForFieldName('name');
  const name = nameNode
    ? textOf(ctx, nameNode)
    : holder && typeOf(holder) === 'export_statement'
      ? 'default'
      : undefined;
  if (!name) return undefined;
  const member = METHODS.has(t);
  if (!member) declaredRoots(ctx).add(name);
  const kind: ObjectKind = member
    ? name === 'constructor'
      ? 'constructor'
      : 'method'
    : 'function';
  return functionObject(node, node, ctx, scope, kind, name, member);
}

/** A class, interface, enum or type alias. */
function declareType(
  node: Node,
  t: string,
  ctx: ConvertContext,
  scope: Scope,
): CodeObject | undefined {
  const nameNode = node.childForFieldName('name');
  const name = nameNode
    ? textOf(ctx, nameNode)
    : parentOf(node)?.type === 'export_statement'
      ? 'default'
      : undefined;
  if (!name) return undefined;
  declaredRoots(ctx).add(name);
  const kind: ObjectKind = CLASSES.has(t)
    ? 'class'
    : t === 'interface_declaration'
      ? 'interface'
      : t === 'enum_declaration'
        ? 'enum'
        : 'type';
  const body = node.childForFieldName('body');
  const doc = readDoc(node);
  return addObject(ctx, node, {
    kind,
    name,
    parent: scope.parent,
    signature:
      kind === 'type' ? collapsedPrefix(textOf(ctx, node), 300) : signatureOf(ctx, node, body),
    modifiers: {
      exported: isExported(node),
      abstract: t === 'abstract_class_declaration',
    },
    decorators: decoratorsOf(node),
    ...(doc ? { doc } : {}),
  });
}

/** A namespace (`namespace a.b {}`) or an ambient module (`declare module 'x' {}`). */
function declareNamespace(
  node: Node,
  t: string,
  ctx: ConvertContext,
  scope: Scope,
): CodeObject | undefined {
  const name = fieldText(node, 'name');
  if (!name) return undefined;
  const doc = readDoc(node);
  return addObject(ctx, node, {
    kind: t === 'module' ? 'module' : 'namespace',
    name: name.replace(/^['"]|['"]$/g, ''),
    parent: scope.parent,
    signature: signatureOf(ctx, node, node.childForFieldName('body')),
    modifiers: { exported: isExported(node) },
    ...(doc ? { doc } : {}),
  });
}

/** A function or class value: a member of an exported constant's literal, or a default export. */
function declareValue(
  node: Node,
  t: string,
  ctx: ConvertContext,
  scope: Scope,
): CodeObject | undefined {
  // `post: function (x) {}` / `del: (id) => …` in an exported constant's literal
  const pairMember = FUNCTION_VALUES.has(t) ? literalMembers.get(ctx)?.get(node.id) : undefined;
  if (pairMember?.pair) return literalFunction(pairMember.pair, node, ctx, pairMember);
  if (!exportValues.get(ctx)?.has(node.id)) return undefined;
  // `export default function () {}` / `export default class {}`: named after the export (a
  // function value that has a name of its own keeps it: `cond && function httpAdapter() {}`)
  if (FUNCTION_VALUES.has(t)) {
    const own = t === 'arrow_function' ? undefined : fieldText(node, 'name');
    // a guarded one is read from its statement (doc above it, the condition in the signature)
    let decl = node;
    for (let up = parentOf(node); up; up = parentOf(up)) {
      if (up.type === 'export_statement') decl = up === parentOf(node) ? node : up;
      if (up.type !== 'parenthesized_expression' && up.type !== 'binary_expression') break;
    }
    return functionObject(decl, node, ctx, scope, 'function', own ?? 'default', false, {
      exported: true,
    });
  }
  if (t !== 'class') return undefined;
  const doc = readDoc(node);
  return addObject(ctx, node, {
    kind: 'class',
    name: 'default',
    parent: scope.parent,
    signature: signatureOf(ctx, node, node.childForFieldName('body')),
    modifiers: { exported: true },
    decorators: decoratorsOf(node),
    ...(doc ? { doc } : {}),
  });
}

/** `const f = () => …`, `var app = exports = module.exports = {}`, an exported constant. */
function declareVariable(node: Node, ctx: ConvertContext, scope: Scope): CodeObject | undefined {
  // a declarator starting with an identifier is named by it (patterns start with `{` or `[`)
  const name = leadingIdentifier(ctx, node) ?? declaratorName(ctx, node);
  if (name === undefined) return undefined;
  declaredRoots(ctx).add(name);
  const value = node.childForFieldName('value');
  const valueType = value?.type;
  if (value && FUNCTION_VALUES.has(valueType!)) {
    return functionObject(node, value, ctx, scope, 'function', name, false);
  }
  if (value && valueType === 'assignment_expression') {
    // `var app = exports = module.exports = {}`: `app` stands for the exports object;
    // `var proto = module.exports = function (options) {}` declares the function `proto`
    const valueText = textOf(ctx, value);
    if (assignsExports(valueText)) exportAliases(ctx).add(name);
    let end: Node | null = value;
    while (end?.type === 'assignment_expression') end = end.childForFieldName('right');
    if (end && FUNCTION_VALUES.has(end.type)) {
      const fn = functionObject(node, end, ctx, scope, 'function', name, false);
      if (chainExports(valueText)) fn.modifiers.exported = true;
      return fn;
    }
  }
  const topLevel =
    !scope.owner &&
    (!scope.parent || scope.parent.kind === 'namespace' || scope.parent.kind === 'module');
  // the cheap scope test first: most declarators are locals, and parents cost a tree walk
  if (!topLevel) {
    if (scope.owner) noteLocal(ctx, scope.owner, name);
    return undefined;
  }
  const declaration = parentOf(node);
  const isConst =
    declaration?.type === 'lexical_declaration' && declaration.child(0)?.type === 'const';
  if (!isConst || !isExported(node)) return undefined;
  const doc = readDoc(declaration);
  const typeNode = node.childForFieldName('type');
  const constant = addObject(ctx, node, {
    kind: 'constant',
    name,
    parent: scope.parent,
    signature: `const ${name}${typeNode ? textOf(ctx, typeNode) : ''}`,
    modifiers: { exported: true },
    ...(typeNode ? { returnType: typeText(typeNode)! } : {}),
    ...(doc ? { doc } : {}),
  });
  const literal = value && objectLiteralOf(value);
  if (literal) noteLiteralMembers(ctx, literal, constant, scope.owner);
  return constant;
}

/** A class field holding a function (`handle = () => {}`): a method. */
function declareField(node: Node, ctx: ConvertContext, scope: Scope): CodeObject | undefined {
  // fields of class expressions are anonymous forms, like their methods
  const classBody = parentOf(node);
  if (classBody && parentOf(classBody)?.type === 'class') return undefined;
  const value = node.childForFieldName('value');
  const name = fieldText(node, 'name') ?? fieldText(node, 'property');
  if (value && name && FUNCTION_VALUES.has(value.type)) {
    return functionObject(node, value, ctx, scope, 'method', name, true);
  }
  return undefined;
}

/** Objects a property assignment may hang a function on (`View` of `View.prototype.x = …`). */
const CONTAINERS = new Set<ObjectKind>(['class', 'function', 'constant', 'method', 'namespace']);

/**
 * `View.prototype.render = function () {}` (a method of View), `app.use = function use() {}`
 * (a method of app), `exports.f = () => {}` (an exported function), the way the TypeScript
 * compiler's JS binder declares them; `View.prototype = { render() {} }` and
 * `module.exports = { f() {} }` declare their literal's functions the same way.
 */
function declareAssignment(node: Node, ctx: ConvertContext, scope: Scope): CodeObject | undefined {
  const right = node.childForFieldName('right');
  const exportedFunction = right && moduleExportsFunction(node, right, ctx);
  if (exportedFunction) return exportedFunction;
  const rightType = right?.type;
  if (!right || (rightType !== 'object' && !FUNCTION_VALUES.has(rightType!))) return undefined;
  const left = node.childForFieldName('left');
  if (left?.type !== 'member_expression') return undefined;
  const leftText = textOf(ctx, left);
  if (rightType === 'object') {
    noteAssignedLiteral(ctx, leftText, right, scope);
    return undefined;
  }
  const target = propertyTarget(leftText, declaredRoots(ctx), exportAliases(ctx));
  if (!target) return undefined;
  // `var parse = exports.parse = function () {}` is the function `parse`, declared once by its
  // declarator (which also exports it)
  let top: Node | null = parentOf(node);
  while (top?.type === 'assignment_expression') top = parentOf(top);
  if (top?.type === 'variable_declarator') return undefined;
  if (target.container.length === 0) {
    // `exports.f = …`: a function of the module, as `export function f` would be
    return functionObject(
      node,
      right,
      ctx,
      { parent: scope.parent, owner: scope.owner },
      'function',
      target.name,
      false,
      { exported: true },
    );
  }
  const container = containerObject(ctx, target.container, scope.parent);
  const path = target.container.join('.');
  const exported =
    target.exported ||
    (container ? container.modifiers.exported : false) ||
    exportAliases(ctx).has(target.container[0]!);
  // `View.cache = …` is a static member of View; `app.use = …` of a plain object is not static
  const placement: Placement = {
    exported,
    static: !target.prototype && (container?.kind === 'class' || container?.kind === 'function'),
  };
  if (!container) placement.prefix = scope.parent ? `${scope.parent.qualifiedName}.${path}` : path;
  const object = functionObject(
    node,
    right,
    ctx,
    { parent: container ?? scope.parent, owner: scope.owner },
    'method',
    target.name,
    true,
    placement,
  );
  if (!container && !exported) placedByRoot(ctx).push({ root: target.container[0]!, object });
  if (!container) {
    const list = unplacedByFile.get(ctx) ?? [];
    list.push({ object, container: placement.prefix!, prototype: target.prototype });
    unplacedByFile.set(ctx, list);
  }
  return object;
}

/**
 * The function a value is, when guarded by a condition (`cond && function () {}`,
 * `a || (async (config) => {})`) or not: what axios's adapters export.
 */
function guardedFunction(value: Node): Node | undefined {
  let at: Node | null = value;
  for (let depth = 0; at && depth < 8; depth++) {
    if (FUNCTION_VALUES.has(at.type)) return at;
    if (at.type === 'parenthesized_expression') at = at.namedChild(0);
    else if (at.type === 'binary_expression') {
      const operator = at.childForFieldName('operator')?.type;
      if (operator !== '&&' && operator !== '||') return undefined;
      at = at.childForFieldName('right');
    } else return undefined;
  }
  return undefined;
}

/**
 * `module.exports = function (config) {}` (also guarded: `module.exports = cond && function…`) as
 * a statement of the module: the function the module exports, named as its value is or
 * `default`, with what it declares inside it.
 */
function moduleExportsFunction(
  node: Node,
  right: Node,
  ctx: ConvertContext,
): CodeObject | undefined {
  if (ctx.language !== 'javascript') return undefined;
  const left = node.childForFieldName('left');
  if (!left || left.type !== 'member_expression' || textOf(ctx, left) !== 'module.exports')
    return undefined;
  const fn = guardedFunction(right);
  if (!fn) return undefined;
  // only a statement of the module itself (`exports = module.exports = function…` too)
  let top: Node | null = parentOf(node);
  while (top?.type === 'assignment_expression') top = parentOf(top);
  if (top?.type !== 'expression_statement' || parentOf(top)?.type !== 'program') return undefined;
  const own = fn.type === 'arrow_function' ? undefined : fieldText(fn, 'name');
  return functionObject(node, fn, ctx, NO_SCOPE, 'function', own ?? 'default', false, {
    exported: true,
  });
}

/** The object of this file a container path names: one declared in the current scope first. */
function containerObject(
  ctx: ConvertContext,
  path: string[],
  parent: CodeObject | undefined,
): CodeObject | undefined {
  const qualified = path.join('.');
  const local = parent ? `${parent.qualifiedName}.${qualified}` : qualified;
  let found: CodeObject | undefined;
  for (const object of ctx.objects) {
    if (!CONTAINERS.has(object.kind)) continue;
    if (object.qualifiedName === local) return object;
    if (object.qualifiedName === qualified) found = object;
  }
  return found;
}

/** `View.prototype = { … }` and `module.exports = { … }`: the literal's functions are declared. */
function noteAssignedLiteral(
  ctx: ConvertContext,
  leftText: string,
  literal: Node,
  scope: Scope,
): void {
  if (leftText === 'module.exports') {
    noteLiteralMembers(ctx, literal, undefined, scope.owner);
    return;
  }
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\.prototype$/.exec(leftText);
  if (!match) return;
  const container = containerObject(ctx, match[1]!.split('.'), scope.parent);
  if (container) noteLiteralMembers(ctx, literal, container, scope.owner);
}

/** Names declared anywhere in a file (functions, classes, variables): roots a property may hang on. */
const declaredNamesByFile = new WeakMap<ConvertContext, Set<string>>();

function declaredRoots(ctx: ConvertContext): Set<string> {
  let set = declaredNamesByFile.get(ctx);
  if (!set) declaredNamesByFile.set(ctx, (set = new Set()));
  return set;
}

/** Names standing for the exports object (`var app = exports = module.exports = {}`). */
const aliasesByFile = new WeakMap<ConvertContext, Set<string>>();

function exportAliases(ctx: ConvertContext): Set<string> {
  let set = aliasesByFile.get(ctx);
  if (!set) aliasesByFile.set(ctx, (set = new Set()));
  return set;
}

/**
 * Functions hung on a plain variable (`res.send = …`), by the variable's name: exported once the
 * whole file is read if the module exports that variable (`module.exports = res` comes last).
 */
const placedByFile = new WeakMap<ConvertContext, { root: string; object: CodeObject }[]>();

function placedByRoot(ctx: ConvertContext): { root: string; object: CodeObject }[] {
  let list = placedByFile.get(ctx);
  if (!list) placedByFile.set(ctx, (list = []));
  return list;
}

/** A declarator's name from the tree: its identifier, or undefined for a destructuring pattern. */
function declaratorName(ctx: ConvertContext, node: Node): string | undefined {
  const nameNode = node.childForFieldName('name');
  return nameNode?.type === 'identifier' ? textOf(ctx, nameNode) : undefined;
}

/** What a property assignment says that its syntax alone does not (functionObject). */
interface Placement {
  /** Qualifier when no object of the file holds the function (`app` of `app.use = …`). */
  prefix?: string;
  exported?: boolean;
  static?: boolean;
}

function functionObject(
  decl: Node,
  fn: Node,
  ctx: ConvertContext,
  scope: Scope,
  kind: ObjectKind,
  name: string,
  member: boolean,
  placement: Placement = {},
): CodeObject {
  const body = fn.childForFieldName('body');
  const declType = typeOf(decl);
  // the doc of `const f = …` and `a.f = …` sits above the statement, not the declarator
  const doc = readDoc(
    declType === 'variable_declarator' || declType === 'assignment_expression'
      ? (parentOf(decl) ?? decl)
      : decl,
  );
  let parameters = readParameters(fn.childForFieldName('parameters'));
  const single = fn.childForFieldName('parameter');
  if (single && parameters.length === 0)
    parameters = [parameter(textOf(ctx, single), false, false, undefined, undefined)];
  const returnType = typeText(fn.childForFieldName('return_type'));
  const signature =
    decl === fn ? signatureOf(ctx, decl, body) : signatureOf(ctx, decl, body).replace(/\s*=>$/, '');
  return addObject(ctx, decl, {
    kind,
    name,
    parent: scope.parent,
    ...(placement.prefix !== undefined ? { prefix: placement.prefix } : {}),
    signature,
    parameters,
    ...(returnType !== undefined ? { returnType } : {}),
    modifiers: {
      exported: placement.exported ?? (member ? false : isExported(decl)),
      static: placement.static ?? hasModifier(decl, 'static'),
      async: hasToken(fn, 'async'),
      abstract: declType === 'abstract_method_signature' || hasModifier(decl, 'abstract'),
      ...(member ? { visibility: visibility(decl) ?? 'public' } : {}),
    },
    decorators: member || declType !== 'variable_declarator' ? decoratorsOf(decl) : [],
    ...(doc ? { doc } : {}),
    body: { throws: [], returnsValue: false, earlyExits: 0 },
  });
}

/** The object literal a constant's value is, also under `as const`, `satisfies T` or parentheses. */
function objectLiteralOf(value: Node): Node | undefined {
  let node: Node | null = value;
  while (
    node &&
    (node.type === 'as_expression' ||
      node.type === 'satisfies_expression' ||
      node.type === 'parenthesized_expression')
  ) {
    node = node.namedChildren[0] ?? null;
  }
  return node?.type === 'object' ? node : undefined;
}

/** A method of an exported constant's object literal, noted when the constant is declared. */
interface LiteralMember {
  /** The constant or prototype's class; absent for `module.exports = { … }` (functions). */
  parent: CodeObject | undefined;
  owner: CodeObject | undefined;
  name: string;
  /** The `key: value` pair holding a function value; absent for `get(id) {}` shorthand. */
  pair?: Node;
}

/**
 * Members of `export const api = { get(id) {}, post: function () {}, del: () => {} }` by the id
 * of their method_definition or function value: the literal is the constant's API, so its
 * functions are methods of the constant. Literals anywhere else stay anonymous forms.
 */
const literalMembers = new WeakMap<ConvertContext, Map<number, LiteralMember>>();

function noteLiteralMembers(
  ctx: ConvertContext,
  literal: Node,
  constant: CodeObject | undefined,
  owner: CodeObject | undefined,
): void {
  const members = literalMembers.get(ctx) ?? new Map<number, LiteralMember>();
  for (const member of namedKids(literal)) {
    const memberType = typeOf(member);
    const key = member.childForFieldName(memberType === 'pair' ? 'key' : 'name');
    if (!key) continue;
    // quotes are not part of the name: `'x-y': () => {}` is member x-y
    const name = textOf(ctx, key).replace(/^['"]|['"]$/g, '');
    if (memberType === 'method_definition') {
      members.set(member.id, { parent: constant, owner, name });
    } else if (memberType === 'pair') {
      const value = member.childForFieldName('value');
      if (value && FUNCTION_VALUES.has(value.type))
        members.set(value.id, { parent: constant, owner, name, pair: member });
    }
  }
  literalMembers.set(ctx, members);
}

/** A literal's function: a method of its constant or class, or an exported module function. */
function literalFunction(
  decl: Node,
  fn: Node,
  ctx: ConvertContext,
  member: LiteralMember,
): CodeObject {
  const scope: Scope = { parent: member.parent, owner: member.owner };
  if (member.parent) return functionObject(decl, fn, ctx, scope, 'method', member.name, true);
  return functionObject(decl, fn, ctx, scope, 'function', member.name, false, { exported: true });
}

/** Start offsets of declaration names per file, so a declaration is not its own usage. */
const declaredNames = new WeakMap<ConvertContext, Set<number>>();

/**
 * Ids of the `value` nodes of export statements per file (`export default function () {}`),
 * noted when the statement is visited so function values need no parent lookup each.
 */
const exportValues = new WeakMap<ConvertContext, Set<number>>();

/** Local names an export clause or `export default <name>` exports, per file. */
const exported = new WeakMap<ConvertContext, Set<string>>();

function exportedLocals(ctx: ConvertContext): Set<string> {
  let set = exported.get(ctx);
  if (!set) exported.set(ctx, (set = new Set()));
  return set;
}

/** `module.exports` and `exports`, the objects a CommonJS module exports through. */
function isExportsObject(ctx: ConvertContext, node: Node): boolean {
  if (node.type === 'identifier') return textOf(ctx, node) === 'exports';
  return node.type === 'member_expression' && textOf(ctx, node) === 'module.exports';
}

/**
 * Local names a CommonJS module exports at its top level: `module.exports = f`,
 * `module.exports = { f, g: h }`, `exports.f = f` and `module.exports.f = f`. Only top-level
 * statements are read (one pass over the root's children, no extra tree walk).
 */
function noteCommonJsExports(root: Node, ctx: ConvertContext): void {
  for (const statement of root.namedChildren) {
    if (statement?.type !== 'expression_statement') continue;
    const assignment = statement.namedChild(0);
    if (assignment?.type !== 'assignment_expression') continue;
    const left = assignment.childForFieldName('left');
    let right = assignment.childForFieldName('right');
    // `exports = module.exports = createApplication`
    while (right?.type === 'assignment_expression') {
      const inner = right.childForFieldName('left');
      if (!inner || !isExportsObject(ctx, inner)) break;
      right = right.childForFieldName('right');
    }
    if (!left || !right) continue;
    const whole = isExportsObject(ctx, left);
    const object = left.type === 'member_expression' ? left.childForFieldName('object') : null;
    if (!whole && !(object && isExportsObject(ctx, object))) continue;
    if (right.type === 'identifier') {
      exportedLocals(ctx).add(textOf(ctx, right));
    } else if (whole && right.type === 'object') {
      for (const entry of namedKids(right)) {
        if (entry.type === 'shorthand_property_identifier') {
          exportedLocals(ctx).add(textOf(ctx, entry));
        } else if (entry.type === 'pair') {
          const value = entry.childForFieldName('value');
          if (value?.type === 'identifier') exportedLocals(ctx).add(textOf(ctx, value));
        }
      }
    }
  }
}

function enter(node: Node, ctx: ConvertContext, scope: Scope): Scope {
  const type = node.type;
  if (type === 'export_statement') {
    const value = node.childForFieldName('value');
    if (value) {
      const set = exportValues.get(ctx) ?? new Set<number>();
      set.add(value.id);
      // `export default isHttp && function httpAdapter(config) {}`: the function is the export
      const fn = guardedFunction(value);
      if (fn) set.add(fn.id);
      exportValues.set(ctx, set);
      // `export default helper;`
      if (value.type === 'identifier') exportedLocals(ctx).add(textOf(ctx, value));
    } else if (!node.childForFieldName('declaration') && !node.childForFieldName('source')) {
      // `export { helper, parse as read };` exports local declarations by name
      const clause = namedKids(node).find((c) => c.type === 'export_clause');
      for (const spec of clause ? namedKids(clause) : []) {
        const local = spec.type === 'export_specifier' ? fieldText(spec, 'name') : undefined;
        if (local) exportedLocals(ctx).add(local);
      }
    }
    return scope;
  }
  const object = declare(node, type, ctx, scope);
  if (object && TYPE_DECLARATIONS.has(type)) {
    const start = node.childForFieldName('name')?.startIndex;
    if (start !== undefined) {
      const set = declaredNames.get(ctx) ?? new Set<number>();
      set.add(start);
      declaredNames.set(ctx, set);
    }
  }
  let inner = scope;
  if (object && object.kind !== 'constant') {
    const fnLike =
      object.kind === 'function' || object.kind === 'method' || object.kind === 'constructor';
    inner = { parent: object, owner: fnLike ? object : undefined };
  } else if (SCOPES.has(type)) {
    // anonymous function or class (a callback): what its body calls, the enclosing named
    // function calls (`values.map((v) => add(v))` inside `scale` is scale calling add)
    inner = { parent: scope.parent, owner: scope.owner };
  }
  record(node, type, ctx, inner);
  return inner;
}

// each kind of node its own function, as declare's forms
function record(node: Node, type: string, ctx: ConvertContext, scope: Scope): void {
  switch (type) {
    case 'call_expression':
      return recordCall(node, ctx, scope.owner);
    case 'new_expression': {
      const ctor = node.childForFieldName('constructor');
      if (ctor?.type === 'identifier') addSite(ctx, ctor, 'call', textOf(ctx, ctor), scope.owner);
      return;
    }
    case 'extends_clause':
    case 'extends_type_clause':
    case 'implements_clause':
      return recordHeritage(node, type, ctx, scope.parent);
    case 'type_identifier':
      // heritage names are also recorded as usages: a usage list shows every mention; the
      // name of a declaration itself is not a use
      if (!declaredNames.get(ctx)?.has(node.startIndex))
        addSite(ctx, node, 'usage', identifierText(ctx, node), scope.owner ?? scope.parent);
      return;
    case 'jsx_opening_element':
    case 'jsx_self_closing_element':
      return recordElement(node, ctx, scope.owner);
    case 'throw_statement':
    case 'return_statement':
      if (scope.owner?.body) recordExit(node, type, ctx, scope.owner.body);
      return;
    case 'import_statement':
      return recordImport(node, ctx);
  }
}

function recordCall(node: Node, ctx: ConvertContext, owner: CodeObject | undefined): void {
  const fn = node.childForFieldName('function');
  if (!fn) return;
  const calleeText = textOf(ctx, fn);
  // `require('x')` is an import, not a call
  if (calleeText !== 'require' && addDottedCall(ctx, fn, calleeText, owner)) return;
  if (fn.type === 'identifier') {
    const callee = calleeText;
    if (callee === 'require') {
      const arg = node.childForFieldName('arguments')?.namedChild(0);
      if (arg?.type === 'string') {
        // `const utils = require('./utils')` binds the module to `utils`
        const holder = parentOf(node);
        const alias =
          holder?.type === 'variable_declarator' ? declaratorName(ctx, holder) : undefined;
        ctx.imports.push({
          source: textOf(ctx, arg).slice(1, -1),
          names: [],
          line: node.startPosition.row + 1,
          ...(alias ? { alias } : {}),
        });
      }
      return;
    }
    addSite(ctx, fn, 'call', callee, owner);
  } else if (fn.type === 'member_expression') {
    const prop = fn.childForFieldName('property');
    const obj = fn.childForFieldName('object');
    if (prop) {
      const qualifier = obj ? textOf(ctx, obj) : undefined;
      addSite(
        ctx,
        prop,
        'call',
        textOf(ctx, prop),
        owner,
        qualifier !== undefined ? siteQualifier(qualifier) : undefined,
      );
    }
  }
}

/** `extends A`, `implements B<T>`, an interface's `extends C`. */
function recordHeritage(
  node: Node,
  type: string,
  ctx: ConvertContext,
  parent: CodeObject | undefined,
): void {
  for (const v of namedKids(node)) {
    if (type === 'extends_clause') {
      if (v.type === 'identifier' || v.type === 'type_identifier')
        addSite(ctx, v, 'extends', textOf(ctx, v), parent);
      continue;
    }
    const id = v.type === 'generic_type' ? v.childForFieldName('name') : v;
    if (id && id.type === 'type_identifier') {
      addSite(
        ctx,
        id,
        type === 'implements_clause' ? 'implements' : 'extends',
        textOf(ctx, id),
        parent,
      );
    }
  }
}

/** `<Component />` renders (calls) a component; lower-case tags are HTML. */
function recordElement(node: Node, ctx: ConvertContext, owner: CodeObject | undefined): void {
  const name = node.childForFieldName('name');
  if (name?.type !== 'identifier') return;
  const text = textOf(ctx, name);
  if (/^[A-Z]/.test(text)) addSite(ctx, name, 'call', text, owner);
}

/** What a function's `throw` and `return` statements say about its body. */
function recordExit(node: Node, type: string, ctx: ConvertContext, body: BodyFacts): void {
  if (type === 'throw_statement') {
    const thrown = node.namedChild(0);
    const thrownNode =
      thrown?.type === 'new_expression' ? thrown.childForFieldName('constructor') : thrown;
    const ctor = thrownNode ? textOf(ctx, thrownNode) : undefined;
    if (ctor && !body.throws.includes(ctor)) body.throws.push(ctor);
    return;
  }
  if (node.namedChildCount > 0) body.returnsValue = true;
  const holder = parentOf(node);
  const block = holder?.type === 'statement_block' ? parentOf(holder) : holder;
  if (block?.type === 'if_statement' || block?.type === 'else_clause') body.earlyExits++;
}

function recordImport(node: Node, ctx: ConvertContext): void {
  const sourceNode = node.childForFieldName('source');
  if (!sourceNode) return;
  const source = textOf(ctx, sourceNode).slice(1, -1);
  const alias = namespaceAlias(ctx, node);
  ctx.imports.push({
    source,
    names: importedNames(node),
    line: node.startPosition.row + 1,
    ...(alias ? { alias } : {}),
  });
}

/** `ns` of `import * as ns from './x'`. */
function namespaceAlias(ctx: ConvertContext, node: Node): string | undefined {
  const clause = namedKids(node).find((c) => c.type === 'import_clause');
  const namespace = clause && namedKids(clause).find((c) => c.type === 'namespace_import');
  const id = namespace && namedKids(namespace).find((c) => c.type === 'identifier');
  return id ? textOf(ctx, id) : undefined;
}

/** Names an import brings in, as the exporting file spells them (`default`, `*`, or the name). */
function importedNames(node: Node): string[] {
  const clause = namedKids(node).find((c) => c.type === 'import_clause');
  if (!clause) return [];
  const names: string[] = [];
  for (const part of namedKids(clause)) {
    if (part.type === 'identifier') names.push('default');
    else if (part.type === 'namespace_import') names.push('*');
    else if (part.type === 'named_imports') {
      for (const spec of namedKids(part)) {
        const name = fieldText(spec, 'name');
        if (spec.type === 'import_specifier' && name) names.push(name);
      }
    }
  }
  return names;
}
