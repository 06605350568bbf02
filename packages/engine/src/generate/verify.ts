import type { CodeObject, FileIndex } from '../model.ts';
import { type Node, parseFlat } from '../parse/flat-tree.ts';
import { parserFor } from '../parse/grammars.ts';
import type { Claim } from './claims.ts';
import type { GeneratedDoc } from './docs.ts';
import { FACT_SYNTAX, type FactSyntax } from './syntax.ts';
import { oneLine } from './tree.ts';

/*
 * The verifier: each claim a generated doc makes is derived again from the parsed code, by
 * code of its own (it shares with the fact reader only the grammars' node type names), and a
 * claim the tree does not bear out is reported. Conditions are parsed again and compared with
 * the source's as trees; examples and what callers pass are parsed again and must be a call of
 * the object with those whole arguments.
 */

/** A claim the code refutes, and why. */
export interface Refuted {
  objectId: string;
  claim: Claim;
  reason: string;
}

/** Code on one line, what string literals hold kept as written (as prose quotes it). */
const collapse = (s: string) => oneLine(s);
const squash = (s: string) => s.replace(/\s+/g, '');

/** Node types whose content runs in cases no `if` on the way says. */
const CASES =
  /(?:^|_)(?:for|foreach|while|loop|switch|case|match|select|until|when|rescue|except|catch|conditional|ternary|do)(?:_|$)/;
const PARENS = new Set([
  'parenthesized_expression',
  'parenthesized_statements',
  'condition_clause',
]);
const NEGATIONS =
  /^(?:not_operator|unary_expression|unary|prefix_unary_expression|unary_op_expression)$/;
const BINARY = /^(?:boolean_operator|binary_expression|binary|binary_operator)$/;
const BINDING =
  /^(?:assignment|augmented_assignment|assignment_expression|augmented_assignment_expression|compound_assignment_expr|operator_assignment|assignment_statement|variable_declarator|let_declaration|short_var_declaration|var_spec|update_expression|postfix_unary_expression|inc_statement|dec_statement)$/;

/** A condition as a canonical tree: parentheses around a whole unit dropped, `!`/`not` and `&&`/`and` normalised. */
function unit(node: Node): Node {
  let n = node;
  while (PARENS.has(n.type)) {
    const inner =
      n.childForFieldName('value') ?? n.namedChildren.find((c) => c && c.type !== 'comment');
    if (!inner) break;
    n = inner;
  }
  return n;
}

function operatorOf(node: Node): string | undefined {
  return (
    node.childForFieldName('operator')?.text ?? node.children.find((c) => c && !c.isNamed)?.text
  );
}

function negated(node: Node): Node | undefined {
  if (!NEGATIONS.test(node.type)) return undefined;
  const op = operatorOf(node);
  if (op !== '!' && op !== 'not') return undefined;
  return (
    node.childForFieldName('argument') ??
    node.childForFieldName('operand') ??
    node.namedChildren.at(-1) ??
    undefined
  );
}

function shape(node: Node): string {
  if (!node.childCount) return node.text;
  const parts = node.children.filter(
    (c): c is Node => !!c && !c.isExtra && c.type !== 'comment' && c.type !== 'line_continuation',
  );
  return `(${node.type} ${parts.map(shape).join(' ')})`;
}

/** The conjuncts of a condition, each canonical: `a and (b or c)` → [`a`, `(b or c)`]. */
function conjuncts(node: Node): string[] {
  const n = unit(node);
  if (BINARY.test(n.type)) {
    const op = operatorOf(n);
    if (op === '&&' || op === 'and') {
      const left = n.childForFieldName('left') ?? n.namedChildren[0];
      const right = n.childForFieldName('right') ?? n.namedChildren.at(-1);
      if (left && right) return [...conjuncts(left), ...conjuncts(right)];
    }
  }
  return [canon(n)];
}

function canon(node: Node): string {
  const n = unit(node);
  const inner = negated(n);
  if (inner) {
    const c = canon(inner);
    return c.startsWith('NOT ') ? c.slice(4) : `NOT ${c}`;
  }
  return shape(n);
}

const notOf = (c: string) => (c.startsWith('NOT ') ? c.slice(4) : `NOT ${c}`);

/** Snippets wrapped so that a condition, or a statement, parses where the language allows it. */
const CONDITION_WRAP: Record<string, (c: string) => string> = {
  python: (c) => `if ${c}:\n    pass\n`,
  ruby: (c) => `if ${c}\nend\n`,
  go: (c) => `package p\nfunc f() {\n\tif ${c} {\n\t}\n}\n`,
  rust: (c) => `fn f() { if ${c} {} }`,
  java: (c) => `class X { void f() { if (${c}) {} } }`,
  csharp: (c) => `class X { void F() { if (${c}) {} } }`,
  c: (c) => `void f(void) { if (${c}) {} }`,
  cpp: (c) => `void f() { if (${c}) {} }`,
  php: (c) => `<?php if (${c}) {}`,
};
const STATEMENT_WRAP: Record<string, (c: string) => string> = {
  go: (c) => `package p\nfunc f() {\n${c}\n}\n`,
  rust: (c) => `fn f() { ${c} }`,
  // a constructor's body takes `this(…)` and `super(…)` as well as any statement
  java: (c) => `class X { X() { ${c}; } }`,
  csharp: (c) => `class X { void F() { ${c}; } }`,
  c: (c) => `void f(void) { ${c}; }`,
  cpp: (c) => `void f() { ${c}; }`,
  php: (c) => `<?php ${c};`,
};
const jsCondition = (c: string) => `if (${c}) {}`;

const verifiers = new Map<string, ClaimVerifier>();

/** The verifier of one language: its parser, its grammar's node names, parsed snippets cached. */
export class ClaimVerifier {
  private readonly cache = new Map<string, Node | undefined>();

  private constructor(
    readonly language: string,
    private readonly parse: (text: string) => Node | undefined,
    private readonly syntax: FactSyntax,
  ) {}

  /** Undefined for a language without a grammar or without facts (nothing is claimed there). */
  static async for(language: string): Promise<ClaimVerifier | undefined> {
    const known = verifiers.get(language);
    if (known) return known;
    const syntax = FACT_SYNTAX[language];
    const parser = syntax && (await parserFor(language));
    if (!parser || !syntax) return undefined;
    const made = new ClaimVerifier(language, (text) => parseFlat(parser, text)?.rootNode, syntax);
    verifiers.set(language, made);
    return made;
  }

  private readonly lines = new Map<string, { source: string; lines: string[] }>();

  /** A caller's lines, split once per source (an amalgamation is asked for many calls). */
  private linesOf(path: string, sourceOf?: (path: string) => string | undefined) {
    const source = sourceOf?.(path);
    if (source === undefined) return undefined;
    let cached = this.lines.get(path);
    if (cached?.source !== source) {
      if (this.lines.size > 64) this.lines.clear();
      cached = { source, lines: source.split('\n') };
      this.lines.set(path, cached);
    }
    return cached.lines;
  }

  private snippet(text: string): Node | undefined {
    if (!this.cache.has(text)) {
      if (this.cache.size > 2000) this.cache.clear();
      this.cache.set(text, this.parse(text));
    }
    return this.cache.get(text);
  }

  /** The canonical conjuncts of a rendered condition; undefined when it does not parse. */
  private renderedConjuncts(when: string): string[] | undefined {
    const wrap = CONDITION_WRAP[this.language] ?? jsCondition;
    const root = this.snippet(wrap(when));
    const node = root?.descendantsOfType(this.syntax.ifs)[0];
    const condition = node?.childForFieldName('condition');
    if (!condition || condition.hasError || root!.hasError) return undefined;
    return conjuncts(condition);
  }

  /** The body of a definition: its `body` field, or the first such below it (a declared arrow). */
  private bodyOf(definition: Node): Node | undefined {
    const queue = [definition];
    while (queue.length) {
      const node = queue.shift()!;
      const body = node.childForFieldName('body');
      if (body) return body;
      queue.push(...node.namedChildren.filter((c): c is Node => !!c));
    }
    return undefined;
  }

  private own(node: Node, body: Node): boolean {
    for (let p = node.parent; p && p.id !== body.id; p = p.parent)
      if (this.syntax.functions.includes(p.type)) return false;
    return true;
  }

  /** The conjuncts of the `if`s on the way from `body` to `node`, and whether some case is unsaid. */
  private pathOf(node: Node, body: Node): { conditions: string[]; open: boolean } {
    const conditions: string[] = [];
    let open = false;
    let child = node;
    for (let p = node.parent; p && p.id !== body.id; child = p, p = p.parent) {
      const isIf = this.syntax.ifs.includes(p.type) || this.syntax.elifs.includes(p.type);
      if (!isIf) {
        if (CASES.test(p.type) || this.syntax.catches.includes(p.type)) open = true;
        continue;
      }
      const condition = p.childForFieldName('condition');
      if (!condition || child.id === condition.id) continue;
      const consequence = p.childForFieldName('consequence') ?? p.childForFieldName('body');
      const unless = this.syntax.unlesses?.includes(p.type) ?? false;
      const own = conjuncts(condition);
      if (consequence && child.id === consequence.id)
        conditions.unshift(...(unless ? [notOf(canon(condition))] : own));
      else {
        const earlier = p.namedChildren.filter(
          (c): c is Node =>
            !!c &&
            this.syntax.elifs.includes(c.type) &&
            c.endIndex <= child.startIndex &&
            c.id !== child.id,
        );
        conditions.unshift(
          ...(unless ? own : [notOf(canon(condition))]),
          ...earlier.flatMap((e) => {
            const c = e.childForFieldName('condition');
            return c ? [notOf(canon(c))] : [];
          }),
        );
      }
    }
    return { conditions, open };
  }

  /** Every return path of a body: the value of each own `return`, and the tail where it is the value. */
  private returnPaths(body: Node): Node[] {
    const out: Node[] = [];
    for (const r of body.descendantsOfType(this.syntax.returns)) {
      if (!r || !this.own(r, body)) continue;
      let value = r.namedChildren.find((c) => c && c.type !== 'comment');
      if (
        (value?.type === 'argument_list' || value?.type === 'expression_list') &&
        value.namedChildCount === 1
      )
        value = value.namedChildren[0] ?? undefined;
      if (value && !this.raises(value)) out.push(value);
    }
    if (this.syntax.tailReturns) {
      const tail = body.namedChildren.filter((c) => c && c.type !== 'comment').at(-1);
      if (
        tail &&
        !this.raises(tail) &&
        !tail.childForFieldName('block') &&
        (this.syntax.calls.includes(tail.type) ||
          this.syntax.members.includes(tail.type) ||
          this.syntax.identifiers.includes(tail.type) ||
          /^(?:nil|true|false|-?\d[\d_.]*|(['"]).*\1|\[\]|\{\}|\(\))$/.test(collapse(tail.text)))
      )
        out.push(tail);
    }
    return out;
  }

  /** Whether a call raises, panics or builds an error (`raise`, `panic!`, `Err(…)`, `.unwrap()`). */
  private raises(node: Node): boolean {
    if (!this.syntax.calls.includes(node.type)) return false;
    const text = collapse(node.text);
    const head = /^[\w:.!?$]+/.exec(text)?.[0] ?? '';
    const s = this.syntax;
    return (
      !!s.raiseCalls?.includes(head) ||
      !!s.panicCalls?.includes(head) ||
      !!s.errorCalls?.some((e) => head === e || head === e.replace(/!$/, '')) ||
      Object.hasOwn(s.assertCalls ?? {}, head) ||
      (!!s.panicMethods && /\.(?:unwrap|expect)\s*\((?:[^()]|\([^()]*\))*\)$/.test(text))
    );
  }

  /** Whether the body binds or assigns `name` anywhere (a rebinding, an increment). */
  private rebinds(body: Node, name: string): boolean {
    const sigil = this.syntax.sigil ?? '';
    const stack = [body];
    while (stack.length) {
      const node = stack.pop()!;
      if (BINDING.test(node.type)) {
        const target =
          node.childForFieldName('left') ??
          node.childForFieldName('name') ??
          node.childForFieldName('pattern') ??
          node.childForFieldName('argument') ??
          node.namedChildren[0];
        // `x = …`, `let mut x`, `x, err :=`: the name itself, not `x[i] = …` or `x.f = …`
        // `x[i] = …`, `x.f = …` change what `x` holds, not which value `x` is
        const whole =
          !!target &&
          /subscript|index|member|attribute|field|selector|element_reference/.test(target.type);
        const bound = whole
          ? []
          : topLevel(target?.text ?? '').map((t) =>
              t
                .trim()
                .replace(/^[([]+|[)\]]+$/g, '')
                .replace(/^(?:mut|var|let|const|ref)\s+/, '')
                .replace(/\s*[:=].*$/s, ''),
            );
        if (bound.some((w) => w === name || w === sigil + name)) return true;
      }
      stack.push(...node.namedChildren.filter((c): c is Node => !!c));
    }
    return false;
  }

  private params(object: CodeObject): Set<string> {
    return new Set(
      object.parameters.map((p) => p.name.replace(/^(?:\.\.\.|\*{1,2}|&(?:mut\s+)?|\$)/, '')),
    );
  }

  /** Whether a returned value is what a return phrase says. */
  private gives(value: Node, phrase: string, body: Node, object: CodeObject): boolean {
    const text = collapse(value.text);
    const sigil = this.syntax.sigil ?? '';
    // the code of a phrase `before`code`after`, fenced with one backtick or more
    const code = (before: string, after = '') =>
      new RegExp(`^${before}(\`+) ?(.+?) ?\\1${after}$`, 's').exec(phrase)?.[2];
    let c: string | undefined;
    if ((c = code('literally '))) return text === c;
    if ((c = code('', ' as passed in'))) {
      const name = c.replace(sigil, '');
      return text === c && this.params(object).has(name) && !this.rebinds(body, name);
    }
    if ((c = code('', " after the body's changes")))
      return text === c && this.rebinds(body, c.replace(sigil, ''));
    if ((c = code('the value held in '))) return text === c;
    if ((c = code('the result of calling ')))
      return (
        this.syntax.calls.includes(value.type) &&
        squash(value.text)
          .replace(/\?\.|&\./g, '.')
          .startsWith(squash(c).replace(/\?\.|&\./g, '.'))
      );
    if ((c = code('a new anonymous ')))
      return value.namedChildren.some((n) => n?.type === 'class_body') && /^new\b/.test(text);
    if (phrase === 'a new function (a closure)') return this.syntax.functions.includes(value.type);
    if ((c = code('a new '))) return /^new\b/.test(text) && squash(text).includes(squash(c));
    if ((c = code(''))) return text === c;
    return false;
  }

  /** The claims of one object's doc that its code refutes. */
  verify(
    object: CodeObject,
    definition: Node,
    claims: readonly Claim[],
    sourceOf?: (path: string) => string | undefined,
  ): Refuted[] {
    const refuted: Refuted[] = [];
    const body = this.bodyOf(definition);
    const refute = (claim: Claim, reason: string) =>
      refuted.push({ objectId: object.id, claim, reason });
    const paths = body
      ? this.returnPaths(body).map((value) => ({ value, ...this.pathOf(value, body) }))
      : [];
    for (const claim of claims) {
      if (claim.kind === 'example' || claim.kind === 'passed') {
        const reason = this.checkCall(claim, sourceOf);
        if (reason) refute(claim, reason);
        continue;
      }
      if (claim.kind === 'default') {
        const p = object.parameters.find((q) => q.name === claim.param);
        if (p?.default !== claim.value) refute(claim, 'the signature gives another default');
        continue;
      }
      if (!body) {
        refute(claim, 'no body to read');
        continue;
      }
      const reason = this.check(claim, object, body, paths);
      if (reason) refute(claim, reason);
    }
    // a Returns that lists paths without "N others" must list them all
    for (const field of ['returns', 'summary']) {
      const stated = claims.filter(
        (c): c is Extract<Claim, { kind: 'return' }> => c.kind === 'return' && c.field === field,
      );
      if (!stated.length || claims.some((c) => c.kind === 'return-paths' && c.field === field))
        continue;
      for (const path of paths) {
        const told = stated.some(
          (c) =>
            this.gives(path.value, c.value, body!, object) &&
            this.conditionHolds(c.when, path, !!c.otherwise),
        );
        if (!told)
          refute(
            stated[0]!,
            `the return path \`${collapse(path.value.text).slice(0, 60)}\` (line ${path.value.startPosition.row + 1}) is not stated`,
          );
      }
    }
    return refuted;
  }

  private conditionHolds(
    when: string | undefined,
    path: { conditions: string[]; open: boolean },
    otherwise: boolean,
  ): boolean {
    if (!when) return otherwise ? !path.open && !path.conditions.length : true;
    const claimed = this.renderedConjuncts(when);
    if (!claimed) return false;
    const left = [...path.conditions];
    for (const c of claimed) {
      const at = left.indexOf(c);
      if (at < 0) return false;
      left.splice(at, 1);
    }
    return path.open || !left.length;
  }

  private check(
    claim: Claim,
    object: CodeObject,
    body: Node,
    paths: { value: Node; conditions: string[]; open: boolean }[],
  ): string | undefined {
    const sigil = this.syntax.sigil ?? '';
    switch (claim.kind) {
      case 'return': {
        const matching = paths.filter((p) => this.gives(p.value, claim.value, body, object));
        if (!matching.length) return 'no return path gives that value';
        if (claim.when && !this.renderedConjuncts(claim.when))
          return 'the condition does not parse';
        if (!matching.some((p) => this.conditionHolds(claim.when, p, !!claim.otherwise)))
          return claim.when
            ? 'no path with that value runs under that condition'
            : 'the path is conditional';
        return undefined;
      }
      case 'return-paths':
        return paths.length === claim.total && claim.unstated <= claim.total
          ? undefined
          : `the body has ${paths.length} return paths, not ${claim.total}`;
      case 'suppresses':
        return object.name === '__exit__' && paths.some((p) => collapse(p.value.text) === 'True')
          ? undefined
          : 'not an `__exit__` returning `True`';
      case 'unused': {
        const stack = [body];
        while (stack.length) {
          const node = stack.pop()!;
          if (!node.childCount) {
            if (
              (node.text === claim.param || node.text === sigil + claim.param) &&
              !/string|comment/.test(node.type)
            )
              return `\`${claim.param}\` is read at line ${node.startPosition.row + 1}`;
          } else stack.push(...node.children.filter((c): c is Node => !!c));
        }
        return undefined;
      }
      case 'use': {
        const names = body
          .descendantsOfType(this.syntax.identifiers)
          .filter((n) => n && (n.text === claim.param || n.text === sigil + claim.param));
        if (!names.length) return `\`${claim.param}\` is not in the body`;
        if (claim.use === 'reassigned by the body' && !this.rebinds(body, claim.param))
          return `\`${claim.param}\` is never assigned`;
        const text = squash(body.text).replace(/\?\.|&\./g, '.');
        for (const [, quoted] of claim.use.matchAll(/`([^`]+)`/g)) {
          const bare = quoted!.replace(/\(\)$/, '');
          if (!text.includes(squash(bare).replace(/\?\.|&\./g, '.')))
            return `\`${bare}\` is not in the body`;
        }
        return undefined;
      }
      case 'effect': {
        const calls = body
          .descendantsOfType(this.syntax.calls)
          .filter(
            (c) =>
              c &&
              this.own(c, body) &&
              collapse(c.text).replace(/\?\./g, '.').startsWith(claim.call),
          );
        if (!calls.length) return 'no such call';
        const root = /^[$\w]+(?=\.|->|::)/.exec(claim.call)?.[0];
        if (root) {
          const bare = root.replace(sigil, '');
          if (this.params(object).has(bare) && !this.syntax.receivers.includes(root))
            return `\`${root}\` is a parameter: its type, not its name, says what it does`;
          if (this.rebinds(body, bare)) return `\`${root}\` is a local of the body`;
        }
        return undefined;
      }
      case 'write': {
        const assigned = body
          .descendantsOfType(this.syntax.assigns)
          .some((a) => a && targetsOf(a).includes(squash(claim.target)));
        return assigned ? undefined : 'nothing assigns it';
      }
      case 'raise':
        return this.checkRaise(claim, body);
      default:
        return undefined;
    }
  }

  private checkRaise(claim: Extract<Claim, { kind: 'raise' }>, body: Node): string | undefined {
    const text = collapse(body.text);
    if (claim.failing && !text.includes(claim.failing))
      return `\`${claim.failing}\` is not in the body`;
    const last = claim.type.split(/\.|::|\\/).pop()!;
    const builtin = /^(?:panic|Err|RuntimeError)$/.test(claim.type);
    const candidates = [
      ...body.descendantsOfType(this.syntax.throws),
      ...body
        .descendantsOfType(this.syntax.calls)
        .filter(
          (c) => c && (this.raises(c) || (claim.type === 'panic' && /^panic\s*\(/.test(c.text))),
        ),
      ...body.descendantsOfType(this.syntax.tries ?? []),
      ...body
        .descendantsOfType(this.syntax.identifiers)
        .filter((c) => c && this.syntax.raiseCalls?.includes(c.text)),
    ].filter(
      (c): c is Node =>
        !!c && this.own(c, body) && (builtin || c.text.includes(last) || !!claim.caught),
    );
    if (!candidates.length) return `nothing in the body raises \`${claim.type}\``;
    if (claim.caught) {
      const inCatch = candidates.some((c) => {
        for (let p = c.parent; p && p.id !== body.id; p = p.parent)
          if (this.syntax.catches.includes(p.type) && collapse(p.text).includes(claim.caught!))
            return true;
        return false;
      });
      if (!inCatch) return `no raise inside a handler of \`${claim.caught}\``;
    }
    if (!claim.when) return undefined;
    const claimed = this.renderedConjuncts(claim.when);
    if (!claimed) return 'the condition does not parse';
    const held = candidates.some((c) => {
      const { conditions } = this.pathOf(c, body);
      const left = [...conditions];
      return claimed.every((k) => {
        const at = left.indexOf(k);
        if (at >= 0) {
          left.splice(at, 1);
          return true;
        }
        // an assertion's own condition, negated: it fails when that does not hold
        return (
          this.syntax.calls.includes(c.type) &&
          Object.keys(this.syntax.assertCalls ?? {}).some((a) => c.text.startsWith(a))
        );
      });
    });
    return held ? undefined : 'no raise runs under that condition';
  }

  /** An example (or a caller's argument) must be a call of the object in the caller's source. */
  private checkCall(
    claim: Extract<Claim, { kind: 'example' | 'passed' }>,
    sourceOf?: (path: string) => string | undefined,
  ): string | undefined {
    const code = claim.kind === 'example' ? claim.code : claim.example;
    const lines = this.linesOf(claim.path, sourceOf);
    if (lines) {
      // whitespace left out on both sides: the window may start inside a string literal
      const near = squash(lines.slice(Math.max(0, claim.line - 14), claim.line + 13).join('\n'));
      if (!near.includes(squash(code))) return `not in \`${claim.path}\` near line ${claim.line}`;
    }
    const wrap = STATEMENT_WRAP[this.language];
    const root = this.snippet(wrap ? wrap(code) : code);
    if (!root) return 'does not parse';
    const calls = root
      .descendantsOfType(this.syntax.calls)
      .filter((c) => c && calleeName(c) === /([\w$?!]+)!?$/.exec(claim.name)?.[1]);
    if (!calls.length) return `no call of \`${claim.name}\` in it`;
    if (claim.kind === 'example') return undefined;
    const value = collapse(claim.value);
    const whole = calls.some(
      (c) =>
        // a generator argument is quoted without the call's parentheses
        argumentNodes(c).some(
          (a) => a.type === 'generator_expression' && collapse(a.text) === `(${value})`,
        ) || argumentNodes(c).some((a) => collapse(withoutComments(a)) === value),
    );
    return whole ? undefined : `\`${claim.value}\` is no whole argument of the call`;
  }
}

/** A text split at its top-level commas (`a, b[i, j]` → `a`, `b[i, j]`). */
function topLevel(text: string): string[] {
  const out: string[] = [];
  const outer = text.startsWith('(') || text.startsWith('[') ? 1 : 0;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth <= outer) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** A node's text with the comments inside it left out. */
function withoutComments(node: Node): string {
  let text = node.text;
  const comments = node.descendantsOfType(['comment', 'line_comment', 'block_comment']);
  for (const c of comments.reverse())
    if (c)
      text =
        text.slice(0, c.startIndex - node.startIndex) +
        ' ' +
        text.slice(c.endIndex - node.startIndex);
  return text;
}

/** What an assignment assigns: its left side whole, and each of `a.x, b.y = …` (blanks dropped). */
function targetsOf(assignment: Node): string[] {
  const left = squash(
    (assignment.childForFieldName('left') ?? assignment.namedChildren[0])?.text ?? '',
  );
  return [left, ...left.split(',')];
}

/** The last name of a call's callee: `a.b.run(…)` → `run`, `new Foo(…)` → `Foo`, `panic!` → `panic`. */
function calleeName(call: Node): string | undefined {
  const named =
    call.childForFieldName('name') ??
    call.childForFieldName('method') ??
    call.childForFieldName('function') ??
    call.childForFieldName('constructor') ??
    call.childForFieldName('type') ??
    call.childForFieldName('macro') ??
    call.namedChildren.find((c) => c && /name|identifier/.test(c.type));
  if (!named) return undefined;
  const text = named.text.replace(/<[^()]*>$/, '').replace(/\s+/g, '');
  return /([\w$?!]+)!?$/.exec(text)?.[1];
}

/** The whole argument expressions of a call (a keyword argument's value counts, and itself). */
function argumentNodes(call: Node): Node[] {
  const list =
    call.childForFieldName('arguments') ??
    call.namedChildren.find((c) => c?.type === 'arguments' || c?.type === 'argument_list');
  if (!list) return [];
  // Python's `f(x for x in xs)`: the generator is the one argument, its parentheses the call's
  if (list.type === 'generator_expression') return [list];
  return list.namedChildren.flatMap((a) => {
    if (!a || a.type === 'comment') return [];
    const value =
      a.childForFieldName('value') ?? (a.type === 'argument' ? a.namedChildren.at(-1) : undefined);
    return value ? [a, value] : [a];
  });
}

/** The node of an object's definition: the outermost one inside its range that starts where it does. */
export function definitionAt(root: Node, object: CodeObject): Node | undefined {
  const { startLine, startColumn, endLine } = object.range;
  let node: Node | null = root.descendantForPosition({
    row: startLine - 1,
    column: Math.max(0, startColumn - 1),
  });
  let best: Node | undefined;
  while (node && node.startPosition.row >= startLine - 1) {
    if (node.endPosition.row <= endLine) best = node;
    else break;
    node = node.parent;
  }
  return best;
}

/**
 * Verifies the docs generated for one file's objects against its source. `unchecked` counts the
 * claims of a language without a fact syntax (the generator states only examples, callers'
 * arguments and defaults there), which this verifier has no grammar vocabulary to check.
 */
export async function verifyFile(
  file: Pick<FileIndex, 'language' | 'objects'>,
  source: string,
  docs: ReadonlyMap<string, GeneratedDoc>,
  sourceOf?: (path: string) => string | undefined,
): Promise<{ claims: number; unchecked: number; refuted: Refuted[] }> {
  const verifier = await ClaimVerifier.for(file.language ?? '');
  let claims = 0;
  let unchecked = 0;
  const refuted: Refuted[] = [];
  const parser = verifier && (await parserFor(file.language ?? ''));
  const root = parser
    ? parseFlat(parser, source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))?.rootNode
    : undefined;
  for (const object of file.objects) {
    const made = docs.get(object.id)?.claims ?? [];
    if (!made.length) continue;
    claims += made.length;
    if (!verifier) {
      unchecked += made.length;
      continue;
    }
    const definition = root && definitionAt(root, object);
    if (!definition) {
      for (const claim of made)
        refuted.push({ objectId: object.id, claim, reason: 'the definition cannot be read' });
      continue;
    }
    refuted.push(...verifier.verify(object, definition, made, sourceOf));
  }
  return { claims, unchecked, refuted };
}
