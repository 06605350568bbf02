import type { Node } from '../parse/flat-tree.ts';
import type { CodeObject, ObjectKind } from '../model.ts';
import {
  addObject,
  addSite,
  noteReceiver,
  noteShadowed,
  signatureOf,
  siteQualifier,
  type ConvertContext,
} from './context.ts';
import { joinedCFunction, noteCFunction } from './c-functions.ts';
import { goConstantNames, inApiScope, inLocalScope } from './generic-scopes.ts';
import { RULES, type LanguageRules } from './generic-rules.ts';
import {
  deepName,
  functionDeclarator,
  parameterList,
  readGenericParameters,
} from './generic-params.ts';
import { bodyOf, readDoc } from './generic-parts.ts';
import { walkScoped } from './walk.ts';
import { firstOfType, hasToken, kids, namedKids, typeText } from './nodes.ts';

const TYPE_KINDS = new Set<ObjectKind>(['class', 'interface', 'struct', 'trait', 'enum']);
function nameOf(node: Node, language: string): string | undefined {
  // Kotlin's `constructor(...)` has no name of its own (the first identifier is a parameter)
  if (node.type === 'secondary_constructor') return 'constructor';
  if (language === 'kotlin') return kotlinName(node);
  // Lua's `M.handlers.on_exit = function(code) … end`: the name it is assigned to
  if (node.type === 'variable_assignment' || node.type === 'local_variable_declaration')
    return assignedFunction(node) && namedKids(namedKids(node)[0]!)[0]?.text;
  if (language === 'scala') {
    // a class's parameter lists are its primary constructor, declared once (by the first list)
    if (node.type === 'class_parameters')
      return node.previousNamedSibling?.type === 'class_parameters' ? undefined : 'constructor';
    if (node.type === 'function_definition' && node.childForFieldName('name')?.text === 'this')
      return 'constructor';
  }
  // Swift's `subscript(key:)` and C#'s indexer `this[int index]`
  if (node.type === 'subscript_declaration') return 'subscript';
  if (node.type === 'indexer_declaration') return 'this[]';
  // C#'s `operator +` and `implicit operator int`, named as written
  if (node.type === 'operator_declaration' || node.type === 'conversion_operator_declaration') {
    const children = kids(node);
    const at = children.findIndex((c) => c.type === 'operator');
    if (at < 0) return undefined;
    if (node.type === 'operator_declaration') return `operator ${children[at + 1]?.text ?? ''}`;
    const way = children.slice(0, at).find((c) => c.type === 'implicit' || c.type === 'explicit');
    return `${way ? `${way.text} ` : ''}operator ${node.childForFieldName('type')?.text ?? ''}`;
  }
  // C++'s `namespace { … }` names nothing: what it holds belongs to the enclosing scope
  if (node.type === 'namespace_definition' && !node.childForFieldName('name')) return undefined;
  // C++'s `NODE_METHOD(Backup::JS_new) { … }`: the function the macro writes
  const defined = macroDefined(node, language);
  if (defined) return defined;
  // C++'s `explicit operator bool() const`
  // (`operator T*() const`: the type as written, up to its parameters)
  if (node.type === 'operator_cast') {
    const head = node.text.slice(0, node.text.indexOf('(')).replace(/\s+/g, ' ');
    return head.replace(/ (?=[*&])/g, '').trim();
  }
  const field = node.childForFieldName('name');
  // C#'s finalizer `~Name()`: not the constructor its bare name would make it
  if (field && node.type === 'destructor_declaration') return `~${field.text}`;
  if (field) return field.text.replace(/^\$/, '');
  if (language === 'rust' && node.type === 'impl_item') {
    // `impl<'a> Trait for &'a mut [T]`: the type's own name, without references and generics
    return node
      .childForFieldName('type')
      ?.text.replace(/<[\s\S]*$/, '')
      .replace(/^&\s*('\w+\s+)?(mut\s+)?(dyn\s+)?/, '')
      .trim();
  }
  const declarator = node.childForFieldName('declarator');
  if (declarator) {
    if (node.type === 'type_definition') return deepName(declarator);
    // `void (*hook)(int)` declares a variable holding a function pointer: no function
    return functionDeclarator(declarator)?.childForFieldName('declarator')?.text;
  }
  if (node.type === 'const_element') return namedKids(node)[0]?.text;
  // an anonymous `struct {…}`/`enum {…}` has no name of its own (its typedef names it); the
  // first identifier inside would be a member's
  if (ANONYMOUS_SPECIFIERS.has(node.type)) return undefined;
  return firstOfType(node, ['type_identifier', 'simple_identifier', 'identifier', 'constant'])
    ?.text;
}

/**
 * A Kotlin declaration's own identifier, a child of the declaration: never one inside its
 * annotations (`@JvmStatic fun create()`), type parameters (`fun <T> timed()`) or an extension's
 * receiver (`fun String.slug()`). A companion object without a name is `Companion`, as Kotlin
 * calls it; a class's primary constructor is `constructor`, as a secondary one is.
 */
function kotlinName(node: Node): string | undefined {
  if (node.type === 'primary_constructor') return 'constructor';
  if (node.type === 'property_declaration') {
    const variable = namedKids(node).find((c) => c.type === 'variable_declaration');
    return variable && namedKids(variable).find((c) => c.type === 'simple_identifier')?.text;
  }
  const own = namedKids(node);
  if (node.type === 'function_declaration')
    return own.find((c) => c.type === 'simple_identifier')?.text;
  const name = own.find((c) => c.type === 'type_identifier' || c.type === 'simple_identifier');
  return name?.text ?? (node.type === 'companion_object' ? 'Companion' : undefined);
}

/** A Scala class's constructor parameters: those of every parameter list, in order. */
function classParameters(first: Node, language: string) {
  return namedKids(first.parent!)
    .filter((c) => c.type === 'class_parameters')
    .flatMap((list) => readGenericParameters(list, language));
}

/**
 * The function a Lua assignment gives its one name (`M.f = function(a) … end`, `local f =
 * function() … end`, what `function M.f(a)` is shorthand for); none for any other assignment.
 */
function assignedFunction(node: Node): Node | undefined {
  const [names, values] = namedKids(node);
  if (names?.type !== 'variable_list' || namedKids(names).length !== 1) return undefined;
  const value = values?.type === 'expression_list' ? namedKids(values) : [];
  return value.length === 1 && value[0]!.type === 'function_definition' ? value[0] : undefined;
}

/**
 * Whether a property declaration is a constant the file lists: Kotlin's `const val` anywhere and
 * a top-level `val`, Swift's top-level `let` (members and locals are not listed).
 */
function listedProperty(node: Node, parent: CodeObject | undefined, language: string): boolean {
  if (language === 'kotlin') {
    const modifiers = namedKids(node).find((c) => c.type === 'modifiers');
    if (modifiers && /\bconst\b/.test(modifiers.text)) return true;
    return (
      !parent && namedKids(node).some((c) => c.type === 'binding_pattern_kind' && c.text === 'val')
    );
  }
  return (
    !parent && namedKids(node).some((c) => c.type === 'value_binding_pattern' && c.text === 'let')
  );
}

const C_KEYWORDS = new Set([
  'if',
  'else',
  'while',
  'for',
  'do',
  'switch',
  'case',
  'return',
  'sizeof',
  'goto',
]);

const ANONYMOUS_SPECIFIERS = new Set([
  'struct_specifier',
  'union_specifier',
  'enum_specifier',
  'class_specifier',
]);

/**
 * A name a declaration can have: not a fragment of broken code (a parse error once produced a
 * 42,000-character "name") nor a declarator in parentheses. Operators keep their symbols.
 */
function plausibleName(name: string): boolean {
  // Go's standard library has a 255-character type name in its tests; fragments run far longer
  if (name.length > 1000 || /[\n\r]/.test(name)) return false;
  // C++'s specialization `ObjectSizeTrait<T, false>`: its arguments may hold anything
  name = name.replace(/<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>/g, '<>');
  // Ruby's setters and operators: `ui=`, `==`, `<=>`, `[]=`
  if (/^([A-Za-z_]\w*=|[-+*/%<>=!~^&|[\]]+@?)$/.test(name)) return true;
  return (
    /^(([\w$]+::)*~?((implicit|explicit) )?operator\b|`)/.test(name) || !/[(){};,=\s]/.test(name)
  );
}

function kindOf(
  node: Node,
  base: ObjectKind,
  parent: CodeObject | undefined,
  name: string,
  rules: LanguageRules,
): ObjectKind | undefined {
  if (node.type === 'class_declaration' || node.type === 'class_definition') {
    const declared = node.childForFieldName('declaration_kind')?.text;
    if (declared === 'struct') return 'struct';
    if (declared === 'enum') return 'enum';
    if (declared === 'extension') return undefined;
    if (hasToken(node, 'interface')) return 'interface';
    // the class's own body: a nested enum's body is not this class's
    if (hasToken(node, 'enum') || kids(node).some((c) => c.type === 'enum_class_body'))
      return 'enum';
  }
  // C#'s `record struct` is a value type
  if (node.type === 'record_declaration' && hasToken(node, 'struct')) return 'struct';
  if (node.type === 'type_spec') {
    const t = node.childForFieldName('type')?.type;
    return t === 'struct_type' ? 'struct' : t === 'interface_type' ? 'interface' : 'type';
  }
  if (base === 'function' || base === 'method') {
    if (rules.constructorNames?.includes(name)) return 'constructor';
    // C++'s hidden friend `friend bool operator==(A, A) { … }`: a function the class holds
    if (node.parent?.type === 'friend_declaration') return 'function';
    if (parent && TYPE_KINDS.has(parent.kind))
      // (`Maybe()` in the specialization `Maybe<void>`)
      return rules.classNamedConstructors && name === parent.name.replace(/<[\s\S]*$/, '')
        ? 'constructor'
        : 'method';
    // Ruby: a `def` in a module is a method (of the module, or of what includes it)
    if (node.type === 'method' && parent?.kind === 'module') return 'method';
    // a `def` outside any class (Ruby, Python-like grammars) is a plain function
    if (base === 'method' && !node.childForFieldName('receiver') && node.type === 'method') {
      return 'function';
    }
  }
  return base;
}

/**
 * The table-driven converter for every language without a hand-written one: declarations from
 * the language's rule table (generic-rules.ts), names/parameters read by field name with
 * fallbacks per grammar, doc comments in the language's convention, call sites and imports.
 */
export function convertGeneric(root: Node, ctx: ConvertContext): void {
  const rules = RULES[ctx.language];
  if (!rules) return;
  const types = [
    ...Object.keys(rules.declarations),
    ...(rules.callTypes ?? []),
    ...(rules.importTypes ?? []),
    ...(rules.typeUsages ?? []),
    ...HERITAGE,
    ...BODY_FACTS,
    ...(rules.localFunctions ? [rules.localFunctions] : []),
  ];
  walkScoped(
    root,
    types,
    NO_SCOPE,
    (node, scope) => enter(node, ctx, rules, scope),
    // C#'s file-scoped `namespace A.B;` holds everything after it in the file, though the
    // grammar ends the node at its semicolon
    (node) =>
      node.type === 'file_scoped_namespace_declaration'
        ? (node.parent?.endIndex ?? node.endIndex)
        : node.endIndex,
  );
  if (rules.localFunctions) markLocalCalls(ctx);
}

/** Whether a node sits in a local function (rules.localFunctions) of the body that holds it. */
function insideLocalFunction(node: Node, rules: LanguageRules): boolean {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === rules.localFunctions) return true;
    if (at.type in rules.declarations) return false;
  }
  return false;
}

/** The local functions each object's body declares (rules.localFunctions), per file. */
const localFunctionsByFile = new WeakMap<ConvertContext, Map<string, Set<string>>>();

/** Bare calls of a local function of the enclosing body (or one around it) are local. */
function markLocalCalls(ctx: ConvertContext): void {
  const locals = localFunctionsByFile.get(ctx);
  if (!locals) return;
  const parents = new Map(ctx.objects.map((o) => [o.id, o.parentId]));
  for (const site of ctx.sites) {
    if (site.kind !== 'call' || site.qualifier !== undefined) continue;
    for (let at = site.fromId; at !== undefined; at = parents.get(at)) {
      if (locals.get(at)?.has(site.name)) {
        site.local = true;
        break;
      }
    }
  }
}

const HERITAGE = [
  'superclass',
  'super_interfaces',
  'base_list',
  'base_class_clause',
  'class_interface_clause',
  'delegation_specifier',
  'extends_clause',
];

/** Statements that feed the doc generator's throws/returns/early-exit facts. */
const BODY_FACTS = ['throw_statement', 'throw_expression', 'return_statement', 'return_expression'];

interface Scope {
  parent: CodeObject | undefined;
  owner: CodeObject | undefined;
  /** Inside `impl Trait for u32` with no `u32` declared in the file: the methods' qualifier. */
  implFor: string | undefined;
  /** A type alias whose text holds the sites (`type H func(*Context)` uses Context). */
  alias: CodeObject | undefined;
}

/** A scope, every field present (one shape of them for V8). */
function scopeOf(fields: Partial<Scope>): Scope {
  return {
    parent: fields.parent,
    owner: fields.owner,
    implFor: fields.implFor,
    alias: fields.alias,
  };
}

/**
 * C++ declarations that declare no object: a friend declaration without a body (the function
 * or class it names is declared elsewhere), and a macro invoked like a statement
 * (`CPPGC_STACK_ALLOCATED();`, `NODE_MODULE(addon, Init)`), which reads as a declaration of a
 * function without a return type; in a class, only a constructor is one.
 */
function skippedCppDeclaration(node: Node, parent: CodeObject | undefined): boolean {
  if (node.parent?.type === 'friend_declaration' && node.type !== 'function_definition')
    return true;
  const macro = macroCall(node, parent);
  return macro !== undefined && !(node.type === 'function_definition' && macro.defines);
}

/**
 * A C++ declaration that is a macro invoked where a declaration stands: no return type, and a
 * name in capitals that is not its class's (only a constructor lacks a type). With a body and
 * one name for argument, the macro writes that function (`NODE_METHOD(Backup::JS_new) { … }`,
 * `static NODE_GETTER(JS_open) { … }`): `defines` is that name.
 */
function macroCall(node: Node, parent: CodeObject | undefined): { defines?: string } | undefined {
  if (node.childForFieldName('type')) return undefined;
  if (!['declaration', 'field_declaration', 'function_definition'].includes(node.type))
    return undefined;
  const declarator = node.childForFieldName('declarator');
  if (declarator?.type !== 'function_declarator') return undefined;
  const name = declarator.childForFieldName('declarator')?.text ?? '';
  if (!/^[A-Z][A-Z0-9_]*$/.test(name) || name === parent?.name) return undefined;
  const args = declarator.childForFieldName('parameters');
  const only = args && namedKids(args).length === 1 ? args.namedChild(0)! : undefined;
  const defines =
    only && /^(::)?[A-Za-z_]\w*(::~?[A-Za-z_]\w*)*$/.test(only.text) ? only.text : undefined;
  return defines ? { defines } : {};
}

/** The function a C++ function-defining macro writes (see macroCall), if `node` is one. */
function macroDefined(node: Node, language: string): string | undefined {
  if (language !== 'cpp' || node.type !== 'function_definition') return undefined;
  return macroCall(node, undefined)?.defines;
}

/** The file's own scope. */
const NO_SCOPE: Scope = scopeOf({});

/** What a node declares: an object, nothing to list ('skip'), or an impl of an absent type. */
type Declared = CodeObject | 'skip' | { implFor: string } | undefined;

function declare(node: Node, ctx: ConvertContext, rules: LanguageRules, scope: Scope): Declared {
  const parent = scope.parent;
  const rule = rules.declarations[node.type];
  if (!rule) return undefined;
  const language = ctx.language;
  if (
    (node.type === 'struct_specifier' ||
      node.type === 'enum_specifier' ||
      node.type === 'union_specifier' ||
      node.type === 'class_specifier') &&
    !node.childForFieldName('body')
  ) {
    return undefined;
  }
  if (
    node.type === 'declaration' &&
    parent &&
    !TYPE_KINDS.has(parent.kind) &&
    parent.kind !== 'namespace'
  )
    return undefined;
  if (rules.apiScopes && !inApiScope(node, rules.apiScopes)) return undefined;
  if (rules.localScopes && inLocalScope(node, rules.localScopes)) return undefined;
  // Go's `const a, b = 1, 2` declares both; `_` declares nothing
  const constants = node.type === 'const_spec' ? goConstantNames(node) : undefined;
  if (node.type === 'property_declaration' && !listedProperty(node, parent, language))
    return undefined;
  // C++: `enum Origin { … };` inside a class is a type, not a member function
  if (node.type === 'field_declaration' && !node.childForFieldName('declarator')) return undefined;
  if (language === 'cpp' && skippedCppDeclaration(node, parent)) return undefined;
  let name = constants ? constants[0] : nameOf(node, language);
  // a specialization's arguments as one line: `AllocationDispatcher<GCInfoType, void, kAlign>`
  if (name && language === 'cpp' && name.includes('<') && /\s/.test(name))
    name = name.replace(/\s+/g, ' ').replace(/([<(]) | (?=[>),])/g, '$1');
  // C++'s `Registry<T, Compare>::Add`: the class's name without its template arguments
  // (a specialization's own arguments stay: `Marker<T, std::void_t<std::remove_const_t<T>::M>>`)
  if (name && language === 'cpp' && name.includes('<') && !ANONYMOUS_SPECIFIERS.has(node.type))
    name = name.replace(/<[^<>]*(?:<[^<>]*>[^<>]*)*>(?=::)/g, '');
  if (!name || !plausibleName(name)) return undefined;
  // Swift's `extension Order.Line { … }` declares nothing: its members are the type's, as the
  // methods of Rust's `impl` are
  if (node.childForFieldName('declaration_kind')?.text === 'extension')
    return { implFor: name.replace(/<[\s\S]*$/, '').replace(/\s+/g, '') };
  let owner = parent;
  let prefix: string | undefined;
  // Ruby's `class ::Digest::Class` (C++'s `::f`) names it from the top, not from where it is
  const absolute = name.startsWith('::');
  if (absolute) {
    name = name.slice(2);
    owner = undefined;
  }
  // out-of-line members and receivers: `Shape::count`, `func (r *Rect) Area`, `impl Point`, `M.add`
  // (C++'s `Buffer::operator==` and `Buffer::operator bool` too)
  const qualified = /^(.*?)(?:::|\.|:)(operator\b.*|[~\w$]+[!?=]?)$/.exec(
    name.replace(/\s+/g, (_space, at: number) =>
      name!.slice(0, at).endsWith('operator') ? ' ' : '',
    ),
  );
  if (qualified && node.type !== 'type_definition') {
    prefix = qualified[1]!.replace(/::|:/g, '.');
    name = qualified[2]!;
  }
  const receiver = node.childForFieldName('receiver');
  if (receiver) prefix = firstOfType(receiver, ['type_identifier'])?.text;
  else if (!prefix && scope.implFor) prefix = scope.implFor;
  if (prefix) {
    const full = parent && !absolute ? `${parent.qualifiedName}.${prefix}` : prefix;
    owner =
      ctx.objects.find((o) => o.qualifiedName === full || o.qualifiedName === prefix) ?? owner;
    if (owner?.qualifiedName !== full && owner?.qualifiedName !== prefix) prefix = full;
    else prefix = undefined;
  }
  // a C keyword is never a name: `if (x) {` read as a function by a parser gone astray
  if ((language === 'c' || language === 'cpp') && C_KEYWORDS.has(name)) return undefined;
  // C's struct, union and enum tags are file-scope wherever they are written
  if (language === 'c' && ANONYMOUS_SPECIFIERS.has(node.type)) {
    owner = undefined;
    prefix = undefined;
  }
  noteDeclaredName(ctx, node, rule.kind);
  if (node.type === 'impl_item') {
    const target = ctx.objects.find(
      (o) => o.name === name && o.parentId === parent?.id && TYPE_KINDS.has(o.kind),
    );
    // `impl Display for u32`, or an impl of a type declared in another file: its methods are
    // qualified by the type's name; no struct is invented for it
    return target ?? { implFor: prefix ? `${prefix}.${name}` : name };
  }
  let kind = kindOf(node, rule.kind, owner, name, rules);
  if (!kind) return 'skip';
  // C++'s `Buffer::Append` in buffer.cc, its class declared in the header: a member all the same.
  // Unseen, a class and a namespace look alike: `X::X` is a constructor whatever X is, and a
  // capitalised qualifier is read as a class (`v8::internal::Init()` stays a function)
  if (kind === 'function' && qualified && prefix && language === 'cpp') {
    const qualifier = prefix.split('.').pop()!;
    if (name === qualifier) kind = 'constructor';
    else if (/^[A-Z]/.test(qualifier)) kind = 'method';
  }
  if (kind === 'function' && scope.implFor && !owner?.body) kind = 'method';
  if (node.type === 'singleton_method') kind = 'method';
  const body = bodyOf(node);
  const isFunction = kind === 'function' || kind === 'method' || kind === 'constructor';
  const doc = readDoc(node, rules);
  const returnType = isFunction
    ? typeText(
        node.childForFieldName('result') ??
          node.childForFieldName('return_type') ??
          node.childForFieldName('returns') ??
          (language === 'java' || language === 'c' || language === 'cpp' || language === 'csharp'
            ? node.childForFieldName('type')
            : null),
      )
    : undefined;
  let returns = returnType;
  if (isFunction && !returns) {
    // Kotlin: the return type is the type node right after the parameter list
    const after = parameterList(node)?.nextNamedSibling;
    if (after && /(^|_)type$/.test(after.type)) returns = after.text;
  }
  const visibility = kids(node)
    .flatMap((c) =>
      c.type === 'modifiers' ||
      c.type === 'visibility_modifier' ||
      c.type === 'modifier' ||
      c.type === 'storage_class_specifier'
        ? [c.text]
        : [],
    )
    .join(' ');
  const decorators = namedKids(node)
    .filter((c) => /annotation|attribute_list|attribute$|decorator/.test(c.type))
    .map((c) => c.text.replace(/\s+/g, ' '));
  for (const m of namedKids(node).filter((c) => c.type === 'modifiers')) {
    decorators.push(
      ...namedKids(m)
        .filter((c) => /annotation/.test(c.type))
        .map((c) => c.text),
    );
  }
  // C's `static` at file level is internal linkage: the function is not the file's API
  const fileLocal =
    (language === 'c' || language === 'cpp') &&
    /\bstatic\b/.test(visibility) &&
    !(owner && TYPE_KINDS.has(owner.kind));
  const exported = rules.exportByCase
    ? /^[A-Z]/.test(name)
    : language === 'rust'
      ? /^pub\b/.test(visibility)
      : !/\bprivate\b/.test(visibility) && !fileLocal;
  const draft = {
    kind,
    name,
    parent: owner,
    ...(prefix ? { prefix } : {}),
    signature:
      body || isFunction ? signatureOf(ctx, node, body) : (node.text.split('\n')[0] ?? '').trim(),
    // a C# delegate is a type whose instances are called: its parameters are documented
    parameters:
      isFunction || node.type === 'delegate_declaration'
        ? node.type === 'class_parameters'
          ? classParameters(node, language)
          : macroDefined(node, language)
            ? [] // the macro's, unseen
            : readGenericParameters(
                (language === 'lua' && assignedFunction(node)) || node,
                language,
              )
        : [],
    ...(returns ? { returnType: returns } : {}),
    modifiers: {
      exported,
      static:
        /\bstatic\b/.test(visibility) ||
        hasToken(node, 'static') ||
        node.type === 'singleton_method',
      async: /\b(async|suspend)\b/.test(visibility) || hasToken(node, 'async'),
      abstract: /\babstract\b/.test(visibility) || hasToken(node, 'abstract'),
      ...(/\b(public|private|protected|internal)\b/.test(visibility)
        ? { visibility: /\b(public|private|protected|internal)\b/.exec(visibility)![1] as 'public' }
        : {}),
    },
    decorators,
    ...(doc ? { doc } : {}),
    ...(isFunction ? { body: { throws: [], returnsValue: false, earlyExits: 0 } } : {}),
  };
  const definition = node.type === 'function_definition';
  if (language === 'c' && isFunction && !owner && joinedCFunction(ctx, draft, definition))
    return 'skip';
  const object = addObject(ctx, node, draft);
  if (language === 'c' && isFunction && !owner) noteCFunction(ctx, object, definition);
  for (const more of constants?.slice(1) ?? [])
    addObject(ctx, node, {
      ...draft,
      name: more,
      modifiers: { ...draft.modifiers, exported: !rules.exportByCase || /^[A-Z]/.test(more) },
    });
  if (receiver && language === 'go') {
    // `func (e *Engine) Serve()`: calls on `e` are calls on Engine
    const declaration = namedKids(receiver).find((c) => c.type === 'parameter_declaration');
    const receiverName = declaration?.childForFieldName('name')?.text;
    const receiverType = declaration?.childForFieldName('type')?.text;
    if (receiverName && receiverType) noteReceiver(object, receiverName, receiverType);
  }
  if (rules.bindings && body && isFunction) {
    const typed = new Set(object.parameters.map((p) => p.name));
    if (receiver)
      for (const id of receiver.descendantsOfType('identifier')) if (id) typed.add(id.text);
    noteShadowed(
      object,
      boundNames(body, rules.bindings).filter((name) => typed.has(name)),
    );
  }
  return object;
}

/** Names bound inside a body by the given node types (their identifiers left of `:=`, in a `let`…). */
function boundNames(body: Node, bindings: Record<string, string>): string[] {
  const names: string[] = [];
  for (const binding of body.descendantsOfType(Object.keys(bindings))) {
    if (!binding) continue;
    const field = bindings[binding.type]!;
    const bound = field ? binding.childForFieldName(field) : binding;
    if (!bound) continue;
    if (bound.type === 'identifier') names.push(bound.text);
    else for (const id of bound.descendantsOfType('identifier')) if (id) names.push(id.text);
  }
  return names;
}

/** Start offsets of declared type names per file: a declaration's name is not a use of it. */
const declaredNames = new WeakMap<ConvertContext, Set<number>>();

function noteDeclaredName(ctx: ConvertContext, node: Node, kind: ObjectKind): void {
  const nameNode =
    node.childForFieldName('name') ??
    (node.type === 'impl_item' ? node.childForFieldName('type') : null) ??
    (node.type === 'type_definition' ? node.childForFieldName('declarator') : null) ??
    // Kotlin's class and type alias names are a plain type_identifier child
    (TYPE_KINDS.has(kind) || kind === 'type'
      ? namedKids(node).find((c) => c.type === 'type_identifier')
      : undefined);
  if (!nameNode) return;
  const set = declaredNames.get(ctx) ?? new Set<number>();
  set.add(nameNode.startIndex);
  declaredNames.set(ctx, set);
}

function enter(node: Node, ctx: ConvertContext, rules: LanguageRules, scope: Scope): Scope {
  if (node.type === rules.localFunctions) {
    // what its body does, the enclosing body does
    const name = node.childForFieldName('name')?.text;
    const owner = scope.owner ?? scope.parent;
    if (name && owner) {
      let byOwner = localFunctionsByFile.get(ctx);
      if (!byOwner) localFunctionsByFile.set(ctx, (byOwner = new Map()));
      const names = byOwner.get(owner.id);
      if (names) names.add(name);
      else byOwner.set(owner.id, new Set([name]));
    }
    return scope;
  }
  const declared = declare(node, ctx, rules, scope);
  let inner = scope;
  if (declared && declared !== 'skip') {
    if ('implFor' in declared) {
      inner = scopeOf({ parent: scope.parent, implFor: declared.implFor });
    } else if (declared.kind === 'type') {
      // a typedef holds no declarations (`typedef struct node {…} node;` declares both at the
      // same level), though the names its text uses are its usages
      inner = scopeOf({ parent: scope.parent, alias: declared });
    } else {
      inner = scopeOf({
        parent: declared.kind === 'constant' ? scope.parent : declared,
        owner: declared.body ? declared : undefined,
      });
    }
  }
  record(node, ctx, rules, inner.owner ?? inner.alias ?? inner.parent);
  return inner;
}

function record(
  node: Node,
  ctx: ConvertContext,
  rules: LanguageRules,
  owner: CodeObject | undefined,
): void {
  const t = node.type;
  if (BODY_FACTS.includes(t)) {
    // a local function's returns and throws are its own, not the enclosing body's
    if (!rules.localFunctions || !insideLocalFunction(node, rules)) recordBodyFact(node, owner);
    return;
  }
  if (rules.callTypes?.includes(t)) {
    let callee =
      node.childForFieldName('function') ??
      node.childForFieldName('name') ??
      node.childForFieldName('method') ??
      node.childForFieldName('macro') ??
      node.childForFieldName('type') ??
      node.namedChild(0);
    if (!callee) return;
    if (t === 'command') callee = node.childForFieldName('name');
    if (!callee) return;
    const text = callee.text;
    // `recv.name`, `Type::name`, `$obj->name`, or a name alone (also after an operator the
    // grammar folded into the callee: `value * Double(x)` calls Double)
    const m =
      /^(.*)(?:\.|::|->|:)([\w$]+[!?]?)$/.exec(text.replace(/\s+/g, '')) ??
      /()([\w$]+[!?]?)$/.exec(text);
    if (!m || !m[2]) return;
    // the receiver as written, also when it is a call (`self.octets().serialize(s)`): such a
    // call is a method call on an unknown type, never a bare call of `serialize`
    const written = m[1]
      ? text.slice(0, text.lastIndexOf(m[2])).replace(/\s*(?:\.|::|->|:)\s*$/, '')
      : undefined;
    const qualifier =
      written || node.childForFieldName('object')?.text || node.childForFieldName('receiver')?.text;
    addSite(ctx, callee, 'call', m[2], owner, qualifier ? siteQualifier(qualifier) : undefined);
    // Ruby `raise Error`, Rust `panic!`: calls that throw
    if (owner?.body && (m[2] === 'raise' || m[2] === 'panic!')) {
      const arg = node.childForFieldName('arguments')?.namedChild(0)?.text.split(/[,(]/)[0]?.trim();
      const name = m[2] === 'raise' ? arg : 'panic';
      if (name && !owner.body.throws.includes(name)) owner.body.throws.push(name);
    }
    return;
  }
  if (rules.importTypes?.includes(t)) {
    const source = (
      node.childForFieldName('path') ??
      node.childForFieldName('argument') ??
      node.namedChild(0)
    )?.text;
    if (source) {
      const module = source.replace(/^["<']|[">']$/g, '');
      const alias = ctx.language === 'go' ? goPackageAlias(node, module) : undefined;
      ctx.imports.push({
        source: module,
        names: ['*'],
        line: node.startPosition.row + 1,
        ...(alias ? { alias } : {}),
      });
    }
    return;
  }
  if (rules.typeUsages?.includes(t)) {
    if (declaredNames.get(ctx)?.has(node.startIndex)) return;
    // `new Point()` is already a call of Point (recorded just before, at the same place)
    const last = ctx.sites[ctx.sites.length - 1];
    const row = node.startPosition.row + 1;
    const column = node.startPosition.column + 1;
    if (last?.kind === 'call' && last.line === row && last.column === column) return;
    // `\App\Models\User` (PHP) is a use of User
    const name = node.text
      .split(/\\|::|\./)
      .pop()
      ?.trim();
    if (name && /^[A-Za-z_]\w*$/.test(name)) addSite(ctx, node, 'usage', name, owner);
    return;
  }
  if (HERITAGE.includes(t)) {
    for (const id of node.descendantsOfType([
      'type_identifier',
      'identifier',
      'constant',
      'name',
    ])) {
      if (id)
        addSite(
          ctx,
          id,
          t === 'super_interfaces' || t === 'class_interface_clause' ? 'implements' : 'extends',
          id.text,
          owner,
        );
    }
  }
}

/**
 * The name a Go import binds: its alias, or the package name, which by convention is the last
 * path element without a major-version suffix (`gopkg.in/yaml.v3` and `x/v2` are `yaml`, `x`).
 * `_` imports bind nothing.
 */
function goPackageAlias(node: Node, path: string): string | undefined {
  const alias = node.childForFieldName('name')?.text;
  // `_` binds nothing; `.` (kept as such) brings the package's names in unqualified
  if (alias) return alias === '_' ? undefined : alias;
  const parts = path.split('/');
  let last = parts.pop() ?? '';
  if (/^v\d+$/.test(last) && parts.length) last = parts.pop()!;
  return (
    last
      .replace(/\.v\d+$/, '')
      .replace(/^go-/, '')
      .replace(/-/g, '_') || undefined
  );
}

/** Thrown types, returned values and early exits, for the doc generator. */
function recordBodyFact(node: Node, owner: CodeObject | undefined): void {
  const body = owner?.body;
  if (!body) return;
  if (node.type.startsWith('throw')) {
    const thrown = node.namedChild(0);
    const created = thrown?.childForFieldName('type') ?? thrown?.childForFieldName('constructor');
    const name = (created ?? thrown)?.text.replace(/\(.*$/s, '').replace(/^new\s+/, '');
    if (name && name.length < 80 && !body.throws.includes(name)) body.throws.push(name);
    return;
  }
  if (node.namedChildCount > 0) body.returnsValue = true;
  const block = node.parent?.parent;
  if (block && /^(if|else|elif|when|guard|match)/.test(block.type)) body.earlyExits++;
}
