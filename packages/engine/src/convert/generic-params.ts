import type { Node } from '../parse/flat-tree.ts';
import type { Parameter } from '../model.ts';
import { parameter } from './context.ts';
import { firstOfType, hasToken, namedKids, typeText } from './nodes.ts';

const IDENTIFIERS = [
  'identifier',
  'simple_identifier',
  'field_identifier',
  'variable_name',
  'type_identifier',
  'constant',
  'name',
  'word',
];
const PARAMETER_LISTS = [
  'parameters',
  'parameter_list',
  'formal_parameters',
  'function_value_parameters',
  'method_parameters',
  'lambda_parameters',
  'class_parameters',
  // C#'s indexer `this[int index]`
  'bracketed_parameter_list',
];
const NOT_PARAMETERS = new Set([
  // what the parser could not read (`sep: Char = ','` in an old Scala grammar)
  'ERROR',
  'comment',
  'line_comment',
  'block_comment',
  'attribute_list',
  'modifiers',
  '(',
  ')',
  ',',
]);

/** The parameter list node of a declaration, wherever the grammar keeps it. */
export function parameterList(node: Node): Node | undefined {
  const direct = node.childForFieldName('parameters');
  if (direct) return direct;
  const declarator = node.childForFieldName('declarator');
  if (declarator) {
    const list = functionDeclarator(declarator)?.childForFieldName('parameters');
    if (list) return list;
  }
  return namedKids(node).find((c) => PARAMETER_LISTS.includes(c.type));
}

const WRAPPING_DECLARATOR = /^(parenthesized|pointer|abstract|attributed|reference)/;

/**
 * The function declarator of a C/C++ declaration: `f(int)` in `int *f(int)`, and in
 * `void (*f(int))(void)` (a function that returns a function pointer) the inner one, which names
 * the function and holds its parameters. A declarator whose name sits in parentheses with no
 * parameters of its own (`void (*hook)(int)`) belongs to a variable: that gives none.
 */
export function functionDeclarator(declarator: Node): Node | undefined {
  for (let at: Node | null = declarator; at;) {
    if (at.type === 'function_declarator') {
      const inner = at.childForFieldName('declarator');
      if (!inner) return undefined;
      if (!WRAPPING_DECLARATOR.test(inner.type)) return at;
      at = inner;
    } else if (WRAPPING_DECLARATOR.test(at.type)) {
      at =
        at.childForFieldName('declarator') ??
        namedKids(at).find((c) => c.type.endsWith('declarator') || c.type === 'identifier') ??
        null;
    } else {
      // C++ shapes the walk does not know: the first function declarator inside, as written
      const found = firstOfType(at, ['function_declarator']);
      const inner = found?.childForFieldName('declarator');
      return inner && !WRAPPING_DECLARATOR.test(inner.type) ? found : undefined;
    }
  }
  return undefined;
}

const TYPE_NODE = /(^|_)type$|^user_type$|^type_identifier$|^array_type$|^nullable_type$/;

/** The identifier a (possibly nested) declarator or pattern names. */
export function deepName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (IDENTIFIERS.includes(node.type) || node.type === 'self_parameter' || node.type === 'self')
    return node.text;
  const declarator = namedKids(node).find((c) => c.type === 'variable_declarator');
  if (declarator) return deepName(declarator);
  const inner =
    node.childForFieldName('declarator') ??
    node.childForFieldName('name') ??
    node.childForFieldName('pattern');
  if (inner) return deepName(inner);
  return firstOfType(node, IDENTIFIERS)?.text;
}

/**
 * Java's `Object... args` keeps its type as an unnamed-field first child; like other languages'
 * rest parameters it is reported as the element type (`Object`) with rest set.
 */
function javaSpreadType(p: Node): Node | undefined {
  if (p.type !== 'spread_parameter') return undefined;
  return namedKids(p).find(
    (c) => c.type !== 'modifiers' && c.type !== 'variable_declarator' && !/annotation/.test(c.type),
  );
}

/** The identifier a C/C++ declarator declares, following nested declarators; none if abstract. */
function declaredIdentifier(node: Node): Node | undefined {
  if (node.type === 'identifier' || node.type === 'field_identifier') return node;
  // a pointer to member, `T Class::*name`: tree-sitter-cpp reads `Class::` + `*name` as a
  // qualified name whose last part is a pointer declarator of the type `name`
  if (node.type === 'qualified_identifier') {
    const last = namedKids(node).at(-1);
    if (last?.type === 'pointer_type_declarator') return namedKids(last).at(-1);
  }
  const inner =
    node.childForFieldName('declarator') ??
    namedKids(node).find((c) => c.type === 'identifier' || c.type.endsWith('declarator'));
  return inner ? declaredIdentifier(inner) : undefined;
}

/**
 * The `(callback)` of a function-type parameter written without `*`, `void(callback)(dict*)`:
 * tree-sitter reads it as an abstract function taking a `callback` and returning a function,
 * which C does not allow (a function cannot return a function), so the word in parentheses is
 * the parameter's name (the parameter is a pointer to `void(dict*)`). Its parameter list node.
 */
function parenthesizedFunctionName(declarator: Node): Node | undefined {
  if (declarator.type !== 'abstract_function_declarator') return undefined;
  const inner = declarator.childForFieldName('declarator');
  if (inner?.type !== 'abstract_function_declarator' || inner.childForFieldName('declarator'))
    return undefined;
  const list = inner.childForFieldName('parameters');
  const only = list ? namedKids(list) : [];
  if (only.length !== 1 || only[0]!.type !== 'parameter_declaration') return undefined;
  const name = only[0]!;
  if (name.namedChildCount !== 1 || name.childForFieldName('type')?.type !== 'type_identifier')
    return undefined;
  return list!;
}

/**
 * A C/C++ parameter as the compiler sees it: the name its declarator declares (none for a
 * prototype's `int` or `char *`), and the whole type around it (`const char *`, `int (*)(int)`),
 * not just the specifier.
 */
function readCParameter(p: Node): Parameter {
  const declarator = p.childForFieldName('declarator');
  const named = declarator ? parenthesizedFunctionName(declarator) : undefined;
  if (named) {
    const type = p.text
      .slice(0, named.startIndex - p.startIndex)
      .concat(p.text.slice(named.endIndex - p.startIndex))
      .replace(/\s+/g, ' ')
      .trim();
    return parameter(namedKids(named)[0]!.text, false, false, type, undefined);
  }
  const id = declarator ? declaredIdentifier(declarator) : undefined;
  const defaultNode = p.childForFieldName('default_value');
  const start = p.startIndex;
  const text = p.text;
  let type = defaultNode
    ? text.slice(0, defaultNode.startIndex - start).replace(/=\s*$/, '')
    : text;
  if (id) type = type.slice(0, id.startIndex - start) + type.slice(id.endIndex - start);
  type = type
    .replace(/\s+/g, ' ')
    .replace(/\s+([)\],[])/g, '$1')
    .trim();
  return parameter(
    id?.text ?? '',
    false,
    defaultNode !== null,
    type || undefined,
    defaultNode ? defaultNode.text : undefined,
  );
}

/** Rust's `self`, `&self`, `&mut self`, `&'a self`: named `self`, the reference kept in the type. */
function readSelfParameter(p: Node): Parameter {
  // `mut self` is a mutable binding of `Self`; `&mut self` a mutable reference (`&mut Self`)
  const type = p.text
    .replace(/\s+/g, ' ')
    .replace(/^mut self$/, 'self')
    .replace(/self$/, 'Self');
  return { name: 'self', type, rest: false, optional: false };
}

function readOne(p: Node, language: string): Parameter[] {
  if (language === 'c' || language === 'cpp') {
    if (p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration')
      return [readCParameter(p)];
  }
  if (p.type === 'self_parameter') return [readSelfParameter(p)];
  // Go: `Read([]byte)` in an interface, `func(int, string)`: the parameter has a type, no name
  if (
    language === 'go' &&
    (p.type === 'parameter_declaration' || p.type === 'variadic_parameter_declaration') &&
    !p.childForFieldName('name')
  ) {
    const type = p.childForFieldName('type')?.text;
    const rest = p.type === 'variadic_parameter_declaration';
    return [{ name: '', ...(type ? { type } : {}), rest, optional: rest }];
  }
  // Rust: `_: u8`, `(a, b): (u8, u8)`: the pattern as written
  if (language === 'rust' && p.type === 'parameter') {
    const pattern = p.childForFieldName('pattern');
    if (pattern && pattern.type !== 'identifier' && pattern.type !== 'mut_pattern') {
      const type = typeText(p.childForFieldName('type'));
      return [{ name: pattern.text, ...(type ? { type } : {}), rest: false, optional: false }];
    }
  }
  const rest =
    /variadic|spread|splat|rest|repeated|vararg/.test(p.type) ||
    hasToken(p, '...', 'params') ||
    /^\s*\.\.\./.test(p.text);
  if (p.type === 'variadic_parameter' && !p.namedChildCount)
    return [{ name: '...', rest: true, optional: true }];
  if (p.type === 'vararg_expression' || p.type === 'forward_parameter')
    return [{ name: '...', rest: true, optional: true }];
  // Ruby's `def pair((h, w))`: the pattern as written
  if (p.type === 'destructured_parameter')
    return [{ name: p.text.replace(/\s+/g, ' '), rest: false, optional: false }];
  // Go: `a, b int` declares two parameters of one type
  // (Swift labels the type `name:` as well; a type is never one of the names)
  const names =
    language === 'go'
      ? // the grammar's `name` field loses the first of ten or more names (`a, b, … j int`)
        namedKids(p).filter((c) => c.type === 'identifier')
      : p
          .childrenForFieldName('name')
          .filter((n): n is Node => n !== null && !TYPE_NODE.test(n.type));
  const type = typeText(
    p.childForFieldName('type') ??
      javaSpreadType(p) ??
      namedKids(p)
        .slice(1)
        .find((c) => TYPE_NODE.test(c.type)),
  );
  const value =
    p.childForFieldName('value')?.text ??
    p.childForFieldName('default_value')?.text ??
    p.childForFieldName('default')?.text ??
    namedKids(p)
      .find((c) => c.type === 'equals_value_clause')
      ?.text.replace(/^=\s*/, '');
  // C# writes a default as a bare expression after the name: `int b = 2`
  let fallbackDefault: string | undefined;
  const nameNode = names[names.length - 1];
  if (value === undefined && nameNode) {
    const typeId = p.childForFieldName('type')?.id;
    const after = namedKids(p).filter((c) => c.startIndex > nameNode.startIndex && c.id !== typeId);
    if (after.length === 1 && !TYPE_NODE.test(after[0]!.type)) fallbackDefault = after[0]!.text;
  }
  const list = names.length > 1 ? names.map((n) => n.text) : [deepName(p) ?? p.text];
  const defaultText = value ?? fallbackDefault;
  return list.map((raw) => {
    // PHP's `$name` is the variable `name`; in Java or Kotlin a `$` is part of the name
    const sigils = language === 'php' ? /^[$*&]+|^\*\*/ : /^[*&]+|^\*\*/;
    const name = raw.replace(sigils, '').replace(/^\.\.\./, '');
    return parameter(
      name,
      rest,
      rest || defaultText !== undefined,
      type !== undefined && type !== name ? type : undefined,
      defaultText?.replace(/^=\s*/, ''),
    );
  });
}

const isComment = (n: Node) => n.type.endsWith('comment');

/**
 * Kotlin writes `name: T = default` as parameter, "=", expression siblings: the default is read
 * from the parameter forward (comments skipped; `null` is an unnamed token there), so each
 * parameter gets its own value and never a neighbour's.
 */
function siblingDefault(p: Node): Node | undefined {
  let next = p.nextSibling;
  while (next && isComment(next)) next = next.nextSibling;
  if (next?.type !== '=') return undefined;
  let value = next.nextSibling;
  while (value && isComment(value)) value = value.nextSibling;
  return value && value.type !== ',' && value.type !== ')' ? value : undefined;
}

/** Parameters of a declaration in any table-driven language. */
export function readGenericParameters(node: Node, language: string): Parameter[] {
  // Scala's `def send(r: Request)(implicit ec: Ctx)`: every parameter list, in order
  if (
    language === 'scala' &&
    (node.type === 'function_definition' || node.type === 'function_declaration')
  ) {
    const lists = namedKids(node).filter((c) => c.type === 'parameters');
    if (lists.length > 1) return lists.flatMap((list) => readGenericParameters(list, language));
  }
  // Java's compact canonical constructor `Point { … }` takes the record's components
  const record =
    node.type === 'compact_constructor_declaration'
      ? node.parent?.parent?.childForFieldName('parameters')
      : undefined;
  const list = record ?? parameterList(node);
  // Swift keeps parameters directly under the declaration
  // (and Kotlin's primary constructor its `class_parameter`s)
  const items = list
    ? namedKids(list)
    : namedKids(node).filter((c) => c.type === 'parameter' || c.type === 'class_parameter');
  const out: Parameter[] = [];
  let pendingModifier = '';
  const consumed = new Set<number>();
  // C's `f(void)` takes no parameters
  if (
    (language === 'c' || language === 'cpp') &&
    items.length === 1 &&
    items[0]!.type === 'parameter_declaration' &&
    items[0]!.text === 'void'
  )
    return [];
  for (const p of items) {
    if (NOT_PARAMETERS.has(p.type) || p.type.endsWith('comment')) continue;
    if (p.type === 'type_parameters' || p.type === 'type_parameter_list') continue;
    if (p.type === 'parameter_modifiers') {
      pendingModifier = p.text;
      continue;
    }
    if (consumed.has(p.id)) continue;
    // C#'s `params string[] rest` arrives as a bare type and name inside the list
    if (TYPE_NODE.test(p.type) && p.nextNamedSibling?.type === 'identifier' && list) {
      out.push({ name: p.nextNamedSibling.text, type: p.text, rest: true, optional: true });
      continue;
    }
    if (
      p.type === 'identifier' &&
      p.previousNamedSibling &&
      TYPE_NODE.test(p.previousNamedSibling.type)
    )
      continue;
    const read = readOne(p, language);
    const sibling = siblingDefault(p);
    if (sibling && read.length === 1) {
      if (sibling.isNamed) consumed.add(sibling.id);
      read[0]!.default = sibling.text;
      read[0]!.optional = true;
    }
    // Swift's grammar repeats the type as a second `parameter` child; it is not a parameter
    const prev = out[out.length - 1];
    if (!list && prev && read.length === 1 && read[0]!.name === prev.type) continue;
    if (pendingModifier.includes('vararg')) for (const r of read) r.rest = r.optional = true;
    pendingModifier = '';
    out.push(...read);
  }
  // C++'s `f(int a, ...)` and `SubclassCheck(...)`: the `...` is a bare token of the list
  if (language === 'cpp' && list?.children.some((c) => c?.type === '...'))
    out.push({ name: '...', rest: true, optional: true });
  return language === 'go' ? goNamesAllOrNone(out) : out;
}

/**
 * Go parameters are all named or all unnamed. The grammar reads the first of ten or more names
 * sharing a type (`trap, a1, … a9 uintptr`) as an unnamed parameter of type `trap`: in a list
 * with names, such a parameter is a name, of the type of the named one after it.
 */
function goNamesAllOrNone(params: Parameter[]): Parameter[] {
  if (!params.some((p) => p.name)) return params;
  return params.map((p, i) => {
    if (p.name || !p.type || !/^[A-Za-z_]\w*$/.test(p.type)) return p;
    const type = params.slice(i + 1).find((q) => q.name)?.type;
    return { ...p, name: p.type, ...(type ? { type } : {}) };
  });
}
