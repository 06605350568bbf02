import type { Node } from '../parse/flat-tree.ts';
import type { FactSyntax } from './syntax.ts';

/*
 * Reading a syntax tree for facts: the code a call names, the conditions on the way to a node,
 * a call's arguments. Shared by the fact reader (facts.ts) and the raises languages spell as
 * calls (raises.ts).
 */

/** Code quoted in prose stays short; a longer expression is not quoted at all. */
const MAX_CODE = 72;
export const short = (text: string, max = MAX_CODE): string | undefined => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : undefined;
};

const conditionText = (node: Node | null): string | undefined => {
  if (!node) return undefined;
  // C++'s `if (…)` holds its condition in a clause
  if (node.type === 'condition_clause') return conditionText(node.childForFieldName('value'));
  const text = node.type === 'parenthesized_expression' ? node.text.slice(1, -1) : node.text;
  return short(text);
};

/**
 * The conditions that lead to `node` inside `body`: each enclosing `if` whose consequence
 * holds it (an `else` reads as the negation), innermost last; undefined when one cannot be
 * quoted. `caught` names the exception of an enclosing `except`/`catch`.
 */
export function pathTo(
  node: Node,
  body: Node,
  syntax: FactSyntax,
): { when?: string; caught?: string } {
  const conditions: string[] = [];
  let caught: string | undefined;
  let child = node;
  let parent = node.parent;
  while (parent && parent.id !== body.id) {
    if (syntax.ifs.includes(parent.type) || syntax.elifs.includes(parent.type)) {
      const condition = parent.childForFieldName('condition');
      // PHP's `if` and Ruby's modifier `if` hold their branch in `body`
      const consequence =
        parent.childForFieldName('consequence') ?? parent.childForFieldName('body');
      const text = conditionText(condition);
      if (!text) return caught ? { caught } : {};
      const negate = syntax.negate ?? ((c: string) => `not (${c})`);
      // Ruby's `unless`: its body runs when the condition does not hold
      const unless = syntax.unlesses?.includes(parent.type) ?? false;
      if (consequence && child.id === consequence.id)
        conditions.unshift(unless ? negate(text) : text);
      else if (child.id !== condition?.id) {
        // the else branch: none of the conditions above held; PHP's `else` sits beside its
        // `elseif`s, so theirs did not hold either (Python's `elif` is read as before)
        const skipped = syntax.negate
          ? parent.namedChildren.filter(
              (c): c is Node =>
                !!c &&
                syntax.elifs.includes(c.type) &&
                c.id !== child.id &&
                c.endIndex <= child.startIndex,
            )
          : [];
        const others = skipped.map((c) => conditionText(c.childForFieldName('condition')));
        if (others.some((o) => !o)) return caught ? { caught } : {};
        const negated = short(
          [unless ? text : negate(text), ...others.map((o) => negate(o!))].join(' and '),
        );
        if (!negated) return caught ? { caught } : {};
        conditions.unshift(negated);
      }
    } else if (syntax.catches.includes(parent.type) && !caught) {
      if (syntax.catchType) caught = caughtType(parent, syntax.catchType);
      else {
        const type =
          parent.namedChildren.find((c) => c && c.type !== 'block' && c.type !== 'statement_block')
            ?.text ?? '';
        caught = short(type.replace(/\s+as\s+\w+$/, '').replace(/^\(|\)$/g, ''), 60) || undefined;
      }
    }
    child = parent;
    parent = parent.parent;
  }
  const when = conditions.length ? short(conditions.join(' and '), 110) : undefined;
  return { ...(when && { when }), ...(caught && { caught }) };
}

/** What a catch names as caught: its `field`, or that of its declaration or parameter. */
function caughtType(clause: Node, field: string): string | undefined {
  let level = [clause];
  for (let depth = 0; depth < 3 && level.length; depth++) {
    for (const node of level) {
      const type = node.childForFieldName(field);
      if (type) return short(type.text.replace(/^\\/, ''), 60);
    }
    level = level.flatMap((n) =>
      n.namedChildren.filter(
        (c): c is Node => !!c && c.id !== clause.childForFieldName('body')?.id,
      ),
    );
  }
  return undefined;
}

export function insideNested(node: Node, body: Node, syntax: FactSyntax): boolean {
  for (let p = node.parent; p && p.id !== body.id; p = p.parent) {
    if (syntax.functions.includes(p.type)) return true;
  }
  return false;
}

/** Call nodes that name their callee without a `function` field (Ruby, PHP, Rust macros). */
const NAMED_CALLS = new Set([
  ...['call', 'macro_invocation', 'function_call_expression', 'object_creation_expression'],
  ...['member_call_expression', 'nullsafe_member_call_expression', 'scoped_call_expression'],
]);

export function calleeText(call: Node): string | undefined {
  if (call.type === 'method_invocation') {
    const object = call.childForFieldName('object');
    const name = call.childForFieldName('name')?.text;
    return name ? (object ? `${object.text}.${name}` : name) : undefined;
  }
  const fn =
    call.childForFieldName('function') ??
    call.childForFieldName('constructor') ??
    call.childForFieldName('type');
  if (fn) return short(fn.text.replace(/\?\./g, '.'), 60);
  if (!NAMED_CALLS.has(call.type)) return undefined;
  // Rust's `panic!(…)`
  const macro = call.childForFieldName('macro');
  if (macro) return `${macro.text}!`;
  // Ruby's `recv.method`, PHP's `$recv->method`, `Scope::method`
  const method = call.childForFieldName('method') ?? call.childForFieldName('name');
  const receiver =
    call.childForFieldName('receiver') ??
    call.childForFieldName('object') ??
    call.childForFieldName('scope');
  if (method && receiver) {
    const between = call.text
      .slice(receiver.endIndex - call.startIndex, method.startIndex - call.startIndex)
      .trim()
      .replace(/^(?:&\.|\?->)$/, (op) => (op === '&.' ? '.' : '->'));
    return short(`${receiver.text}${between}${method.text}`, 60);
  }
  if (method) return method.text;
  // PHP's `new Name(…)`: the class is a child without a field
  const name = call.namedChildren.find(
    (c) => c && (c.type === 'name' || c.type === 'qualified_name'),
  );
  return name ? short(name.text.replace(/^\\/, ''), 60) : undefined;
}

/** The arguments of a call, or of a macro's token tree split at its top-level commas. */
export function argumentsOf(call: Node): string[] {
  const list = call.childForFieldName('arguments');
  if (list) return list.namedChildren.filter((c) => c && c.type !== 'comment').map((c) => c!.text);
  const tree = call.namedChildren.find((c) => c?.type === 'token_tree');
  if (!tree) return [];
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of tree.text.slice(1, -1)) {
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
