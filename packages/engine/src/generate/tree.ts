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
  const one = oneLine(text);
  return one.length <= max ? one : undefined;
};

/**
 * The code on one line: each run of whitespace outside string literals becomes one space, and
 * what a literal holds stays as written (`s.contains("  ")` keeps its two spaces).
 */
export function oneLine(text: string): string {
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      out += ch;
      if (ch === '\\' && i + 1 < text.length) out += text[++i];
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === '`') {
      quote = ch;
      out += ch;
    } else if (/\s/.test(ch)) {
      if (!out.endsWith(' ')) out += ' ';
    } else out += ch;
  }
  return out.trim();
}

const conditionText = (node: Node | null): string | undefined => {
  if (!node) return undefined;
  // C++'s `if (…)` holds its condition in a clause
  if (node.type === 'condition_clause') return conditionText(node.childForFieldName('value'));
  // a comment inside a condition would swallow the rest of it once on one line
  if (node.descendantsOfType(['comment', 'line_comment', 'block_comment']).length) return undefined;
  const text = node.type === 'parenthesized_expression' ? node.text.slice(1, -1) : node.text;
  // a line continued with a backslash reads as one line
  return short(text.replace(/\\\r?\n/g, ' '));
};

/**
 * Statements that decide whether what they hold runs without an `if` the reader could quote:
 * loops, `switch`/`case`/`match` arms, `catch`/`except`/`rescue`, ternaries. A node inside one
 * runs only in cases a condition list cannot say (by node type names, shared by the grammars).
 */
export const OPAQUE_CONTEXT =
  /(?:^|_)(?:for|foreach|while|loop|switch|case|match|select|until|when|rescue|except|catch|conditional|ternary|do)(?:_|$)/;

/** A condition joined to others keeps its meaning: `a or b` next to `c` is written `(a or b)`. */
const LOOSE = /\|\||\bor\b|\s\?\s|\?\?|(?<![=!<>])=(?![=~>])|\bif\b|\blambda\b/;
const wrapped = (text: string) => {
  if (!text.startsWith('(') || !text.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0 && i < text.length - 1) return false;
  }
  return true;
};
/** Ruby's `File.exist? dir`: a call without parentheses takes all that follows as its argument. */
const COMMAND = /[\w\])][?!]?\s+[^\s&|=<>!+*/%?-]/;
const guard = (text: string, syntax: FactSyntax) =>
  (LOOSE.test(text) || (syntax.commandCalls && COMMAND.test(text))) &&
  // `!(a || b)`, `not (a or b)`: a negation of a whole group is tight already
  !wrapped(text.replace(/^(?:!|not\s*)(?=\()/, ''))
    ? `(${text})`
    : text;

/** How conditions are joined: `and` in Python, `&&` in the languages that negate with `!`. */
export const conjunction = (syntax: FactSyntax) => (syntax.negate ? ' && ' : ' and ');

/** Conditions joined so that each keeps its tree: loose ones in parentheses. */
export function joinConditions(parts: string[], syntax: FactSyntax): string {
  return parts.length === 1
    ? parts[0]!
    : parts.map((p) => guard(p, syntax)).join(conjunction(syntax));
}

/**
 * The conditions that lead to `node` inside `body`: each enclosing `if` whose consequence
 * holds it (an `else` reads as the negation of its `if` and of the `elif`s before it),
 * outermost first. `open` says some case on the way cannot be quoted (a loop, a `switch` arm,
 * a condition too long to quote): `when`, if any, is then only part of what leads there.
 * `caught` names the exception of an enclosing `except`/`catch`.
 */
export function casePath(
  node: Node,
  body: Node,
  syntax: FactSyntax,
): { when?: string; caught?: string; open?: true } {
  const conditions: string[] = [];
  let caught: string | undefined;
  let open = false;
  let child = node;
  let parent = node.parent;
  const negate = syntax.negate ?? ((c: string) => `not (${c})`);
  while (parent && parent.id !== body.id) {
    if (syntax.ifs.includes(parent.type) || syntax.elifs.includes(parent.type)) {
      const condition = parent.childForFieldName('condition');
      // PHP's `if` and Ruby's modifier `if` hold their branch in `body`
      const consequence =
        parent.childForFieldName('consequence') ?? parent.childForFieldName('body');
      const text = conditionText(condition);
      // Ruby's `unless`: its body runs when the condition does not hold
      const unless = syntax.unlesses?.includes(parent.type) ?? false;
      if (child.id === condition?.id) {
        // a node inside the condition itself runs whenever the condition is evaluated
      } else if (!text || /^let\b/.test(text)) {
        // Rust's `if let` binds as it tests: its negation is no condition a reader can quote
        if (!text || !(consequence && child.id === consequence.id)) open = true;
        else conditions.unshift(text);
      } else if (consequence && child.id === consequence.id)
        conditions.unshift(unless ? negate(text) : text);
      else {
        // the else branch: none of the conditions above held, nor those of the `elif`s before
        const skipped = parent.namedChildren.filter(
          (c): c is Node =>
            !!c &&
            syntax.elifs.includes(c.type) &&
            c.id !== child.id &&
            c.endIndex <= child.startIndex,
        );
        const others = skipped.map((c) => conditionText(c.childForFieldName('condition')));
        if (others.some((o) => !o || /^let\b/.test(o))) open = true;
        else
          conditions.unshift(...[unless ? text : negate(text), ...others.map((o) => negate(o!))]);
      }
    } else if (syntax.catches.includes(parent.type) && !caught) {
      open = true;
      if (syntax.catchType) caught = caughtType(parent, syntax.catchType);
      else {
        const type =
          parent.namedChildren.find((c) => c && c.type !== 'block' && c.type !== 'statement_block')
            ?.text ?? '';
        caught = short(type.replace(/\s+as\s+\w+$/, '').replace(/^\(|\)$/g, ''), 60) || undefined;
      }
    } else if (OPAQUE_CONTEXT.test(parent.type)) open = true;
    child = parent;
    parent = parent.parent;
  }
  const joined = conditions.length ? joinConditions(conditions, syntax) : undefined;
  const when = joined && short(joined, 110);
  if (joined && !when) open = true;
  return { ...(when && { when }), ...(caught && { caught }), ...(open && { open: true }) };
}

/** The conditions of `casePath` without `open`: what a raise states (its conditions are necessary). */
export function pathTo(
  node: Node,
  body: Node,
  syntax: FactSyntax,
): { when?: string; caught?: string } {
  const path = casePath(node, body, syntax);
  delete path.open;
  return path;
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
    // as written up to the name: `a.b.run`, `Outer.super.run`; an anonymous class before it is
    // too long to be a callee anyone reads
    const name = call.childForFieldName('name');
    return name ? short(call.text.slice(0, name.endIndex - call.startIndex), 60) : undefined;
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
