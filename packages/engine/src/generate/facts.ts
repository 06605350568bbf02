import { type Node, parseFlat } from '../parse/flat-tree.ts';
import type { CodeObject, FileIndex } from '../model.ts';
import { parserFor } from '../parse/grammars.ts';
import { isRaiseCall, languageRaise } from './raises.ts';
import { FACT_SYNTAX, type FactSyntax } from './syntax.ts';
import { calleeText, casePath, insideNested, pathTo, short } from './tree.ts';

/** What one object's code shows, read from its syntax tree: the raw material of its docs. */
export interface CodeFacts {
  /**
   * Values returned, with the condition that leads there when an `if` decides it; only the
   * paths whose case can be said (not those inside a loop or a `switch` arm without an `if`).
   */
  returns: { value: string; when?: string }[];
  /** How many return paths with a value the body has, and how many `returns` does not state. */
  returnPaths?: { total: number; unstated: number };
  /**
   * Exceptions raised, with the condition or the caught exception that leads there; `failing`
   * is an expression whose failure raises (Rust's `x?`, `x.unwrap()`), `by` what turns it into one.
   */
  raises: { type: string; when?: string; caught?: string; failing?: string; by?: string }[];
  /** Attributes the code assigns (`self.x`, `this.cache`, `request.user`). */
  writes: string[];
  /** Calls with effects outside the object, by kind: logging, files, network, processes. */
  effects: { kind: EffectKind; call: string }[];
  /** The one call the body consists of, when it is nothing else. */
  delegate?: string;
  /** Per parameter, what the body does with it, phrased ("compared with `None`"). */
  uses: Map<string, string[]>;
  /** Parameters the body never reads (only when there is a real body). */
  unused: string[];
  /** For classes: attributes the class and its methods assign, in order. */
  holds: string[];
  /** Every call made, as written (callee text), in order, without repeats. */
  calls: string[];
}

export type EffectKind = 'logs' | 'files' | 'network' | 'database' | 'processes' | 'output';

const EFFECTS: [EffectKind, RegExp][] = [
  [
    'logs',
    /^(?:logging|log|logger|_log|_logger|LOG|LOGGER|self\.(?:log|logger|_log|_logger)|this\.(?:log|logger)|console|warnings)\.(?:debug|info|warn|warning|error|exception|critical|log|trace)$/,
  ],
  [
    'output',
    /^(?:print|fmt\.Print\w*|sys\.(?:stdout|stderr)\.write|process\.(?:stdout|stderr)\.write)$/,
  ],
  [
    'files',
    /^(?:open|io\.open|os\.(?:remove|unlink|rename|replace|mkdir|makedirs|rmdir|chmod|write)|shutil\.\w+|fs\.\w+|fsPromises\.\w+|\w+\.(?:write_text|write_bytes|unlink|mkdir)|os\.(?:Create|WriteFile|Remove|MkdirAll|OpenFile)|Files\.\w+)$/,
  ],
  [
    'network',
    /^(?:fetch|requests\.\w+|urllib\.request\.\w+|urlopen|socket\.\w+|axios(?:\.\w+)?|http\.(?:Get|Post|request|get)|https\.(?:request|get)|\w+\.(?:urlopen|sendall|sendto|recv))$/,
  ],
  ['database', /\.(?:execute|executemany|executescript|commit|rollback|cursor)$/],
  [
    'processes',
    /^(?:subprocess\.\w+|os\.(?:system|popen|kill|_exit)|sys\.exit|process\.exit|child_process\.\w+|exec\.Command|spawn|execFile|execSync|execFileSync)$/,
  ],
];

const RECEIVERS = new Set(['self', 'cls', 'this', '$this']);

/** Parameter names as a body reads them: `*args` → `args`, `...rest` → `rest`, `&x` → `x`. */
export const bareName = (name: string) => name.replace(/^(?:\.\.\.|\*{1,2}|&(?:mut\s+)?|\$)/, '');

function definitionNode(root: Node, object: CodeObject): Node | undefined {
  const { startLine, startColumn, endLine } = object.range;
  let node: Node | null = root.descendantForPosition({
    row: startLine - 1,
    column: Math.max(0, startColumn - 1),
  });
  let best: Node | undefined;
  while (node) {
    const s = node.startPosition;
    if (s.row < startLine - 1) break;
    if (node.endPosition.row === endLine - 1 || node.endPosition.row === endLine) best = node;
    node = node.parent;
  }
  return best;
}

function bodyOf(node: Node, syntax: FactSyntax): Node | undefined {
  const direct = node.childForFieldName('body');
  if (direct) return direct;
  // `const f = (a) => …`, `f: function () {…}`, a decorated definition
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (syntax.functions.includes(child.type) || child.type === 'variable_declarator') {
      const inner = bodyOf(child, syntax);
      if (inner) return inner;
    }
    const value = child.childForFieldName('value') ?? child.childForFieldName('definition');
    if (value) {
      const inner = value.childForFieldName('body');
      if (inner) return inner;
    }
  }
  return undefined;
}

function thrownType(node: Node, syntax: FactSyntax): string | undefined {
  const value = node.namedChildren.find((c) => c && c.type !== 'comment');
  if (!value) return undefined;
  if (syntax.calls.includes(value.type)) return calleeText(value);
  // `raise exc.with_traceback(tb)` and the like name no type
  return /^[A-Z][\w.]*$/.test(value.text) || value.text.includes('.')
    ? short(value.text, 60)
    : undefined;
}

/** Ruby's `items.each do … end`: a call with a block is a loop or a callback, not a delegation. */
const takesBlock = (node: Node) => !!node.childForFieldName('block');

/**
 * Calls that say nothing a reader needs in "Calls …": Rust's `Ok(…)`, Ruby's `x.nil?` (a
 * parameter use already), the writer call on the left of `self.name = …`.
 */
function quietCall(node: Node, callee: string, syntax: FactSyntax): boolean {
  if (syntax.wrapperCalls?.includes(callee)) return true;
  const method = /(?:\.|->)([\w?!]+)$/.exec(callee)?.[1];
  if (method && syntax.tests?.[method]) return true;
  const parent = node.parent;
  return (
    !!syntax.methodCalls &&
    !!parent &&
    syntax.assigns.includes(parent.type) &&
    parent.childForFieldName('left')?.id === node.id
  );
}

/** Whether a body's last statement is a value it gives back (Rust's tail, Ruby's last line). */
function tailValue(node: Node, syntax: FactSyntax): boolean {
  return (
    syntax.calls.includes(node.type) ||
    syntax.members.includes(node.type) ||
    syntax.identifiers.includes(node.type) ||
    LITERAL.test(node.text)
  );
}

const push = <T>(list: T[], item: T) => {
  if (!list.includes(item)) list.push(item);
};

function parameterUse(id: Node, syntax: FactSyntax, name: string): string | undefined {
  const parent = id.parent;
  if (!parent) return undefined;
  const type = parent.type;
  if (syntax.compares.includes(type)) {
    const loop = parent.parent;
    if (
      loop &&
      syntax.countedLoops?.includes(loop.type) &&
      loop.childForFieldName('condition')?.id === parent.id
    )
      return 'bounds a `for` loop';
    const operator =
      parent.childForFieldName('operator')?.text ??
      parent.children.find((c) => c && !c.isNamed)?.text;
    if (
      operator &&
      /^(?:[=!]==?|[<>]=?|is|is not|in|not in|instanceof|&&|\|\||and|or|\?\?)$/.test(operator)
    ) {
      if (/^(?:&&|\|\||and|or)$/.test(operator)) return 'tested for truth';
      const other = parent.namedChildren.find((c) => c && c.id !== id.id && c.type !== 'comment');
      const text = other && short(other.text, 40);
      if (!text) return undefined;
      if (operator === 'instanceof') return `checked to be an instance of \`${text}\``;
      if (/in$/.test(operator) && parent.namedChildren[0]?.id === id.id)
        return `looked up in \`${text}\``;
      return `compared with \`${text}\``;
    }
    return undefined;
  }
  // `$pos++`: the value handed back later is no longer the one passed in
  if (syntax.updates?.includes(type) && /^(?:\+\+|--)|(?:\+\+|--)$/.test(parent.text))
    return 'reassigned by the body';
  if (syntax.nots.includes(type) || syntax.ifs.includes(type) || syntax.elifs.includes(type))
    return 'tested for truth';
  if (
    type === 'parenthesized_expression' &&
    parent.parent &&
    syntax.ifs.includes(parent.parent.type)
  )
    return 'tested for truth';
  const loopField = syntax.loops[type];
  if (loopField && parent.childForFieldName(loopField)?.id === id.id) return 'iterated over';
  // a grammar that names no iterable field (PHP's `foreach`, Ruby's `in`): the first child
  if (loopField === '' && parent.namedChildren[0]?.id === id.id) return 'iterated over';
  // Rust's `for x in &items`
  if (type === 'reference_expression' && parent.parent) {
    const field = syntax.loops[parent.parent.type];
    if (field && parent.parent.childForFieldName(field)?.id === parent.id) return 'iterated over';
  }
  // Ruby's `items.each`, PHP's `$items->count()`: a method called on the parameter
  if (
    syntax.methodCalls?.includes(type) &&
    (parent.childForFieldName('receiver') ?? parent.childForFieldName('object'))?.id === id.id
  ) {
    const method = (parent.childForFieldName('method') ?? parent.childForFieldName('name'))?.text;
    if (!method) return undefined;
    if (syntax.iterators?.includes(method)) return 'iterated over';
    const test = syntax.tests?.[method];
    if (test) return test;
    return parent.childForFieldName('arguments') || type !== 'call'
      ? `its \`${method}()\` is called`
      : `its \`${method}\` is called`;
  }
  // C's out-parameter: `*out = …`
  if (
    type === 'pointer_expression' &&
    parent.parent &&
    syntax.assigns.includes(parent.parent.type) &&
    parent.parent.childForFieldName('left')?.id === parent.id
  )
    return `written through (\`${parent.text}\` is assigned)`;
  if (syntax.members.includes(type)) {
    const field =
      parent.childForFieldName('attribute') ??
      parent.childForFieldName('property') ??
      parent.childForFieldName('field') ??
      parent.childForFieldName('name');
    if (!field || parent.namedChildren[0]?.id !== id.id) return undefined;
    const called =
      parent.parent &&
      syntax.calls.includes(parent.parent.type) &&
      parent.parent.childForFieldName('function')?.id === parent.id;
    return called ? `its \`${field.text}()\` is called` : `its \`${field.text}\` is read`;
  }
  // an argument: passed on to a callee, maybe by keyword
  let argument: Node = id;
  let keyword: string | undefined;
  if (type === 'keyword_argument' && parent.childForFieldName('value')?.id === id.id) {
    keyword = parent.childForFieldName('name')?.text;
    argument = parent;
  }
  if (type === 'list_splat' || type === 'dictionary_splat' || type === 'spread_element')
    argument = parent;
  // PHP and C# wrap each argument; Rust passes `&x`
  if (type === 'argument' || type === 'reference_expression') argument = parent;
  const list = argument.parent;
  if (list && (list.type === 'argument_list' || list.type === 'arguments') && list.parent) {
    const callee = calleeText(list.parent);
    // C#'s `nameof(x)` reads a name, not a value; Ruby's `raise E, x` puts it in a message
    if (!callee || callee === 'nameof' || syntax.raiseCalls?.includes(callee)) return undefined;
    if (callee === 'isinstance' || callee === 'issubclass') {
      const against = list.namedChildren[1];
      const text = against && short(against.text, 40);
      return text ? `checked against \`${text}\`` : `checked with \`${callee}\``;
    }
    if (callee === 'len') return 'measured with `len`';
    return keyword && keyword !== name
      ? `passed to \`${callee}\` as \`${keyword}\``
      : `passed to \`${callee}\``;
  }
  if (syntax.calls.includes(type) && parent.childForFieldName('function')?.id === id.id)
    return 'called';
  if (syntax.returns.includes(type)) return 'returned as is';
  if (syntax.assigns.includes(type) && parent.childForFieldName('right')?.id === id.id) {
    const left = parent.childForFieldName('left');
    const target = left && short(left.text, 40);
    if (target && left && syntax.members.includes(left.type)) return `stored in \`${target}\``;
    return undefined;
  }
  if (syntax.assigns.includes(type) && parent.childForFieldName('left')?.id === id.id)
    return 'reassigned by the body';
  if (type === 'subscript' || type === 'subscript_expression' || type === 'index_expression')
    return parent.namedChildren[0]?.id === id.id ? 'indexed' : undefined;
  if (type === 'await' || type === 'await_expression') return 'awaited';
  if (type === 'yield' || type === 'yield_expression') return 'yielded';
  return undefined;
}

/** Code in a sentence: a text holding a backtick is fenced with two. */
const quoted = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

const LITERAL =
  /^(?:None|True|False|null|undefined|true|false|nil|NaN|-?\d[\d_.]*|(['"]).*\1|\[\]|\{\}|\(\))$/;

/**
 * What a `return` gives, phrased so it says something: a call's result, a literal, a
 * parameter handed back, a member's value. A local variable's name alone tells a reader
 * nothing and is left out.
 */
function returnedText(value: Node, syntax: FactSyntax, params: Set<string>): string | undefined {
  const wrapped =
    syntax.wrapperCalls && syntax.calls.includes(value.type)
      ? syntax.wrapperCalls.includes(calleeText(value) ?? '')
      : false;
  if (syntax.calls.includes(value.type) && !wrapped) {
    const callee = calleeText(value);
    if (!callee) return undefined;
    // Java's `new Runnable() { … }`: named by its type, never pasted whole
    if (value.namedChildren.some((c) => c?.type === 'class_body'))
      return `a new anonymous \`${callee}\``;
    if (/^new\b/.test(value.text)) return `a new \`${callee}\``;
    return `the result of calling \`${callee}\``;
  }
  // a closure is named as one, never pasted whole
  if (syntax.functions.includes(value.type)) return 'a new function (a closure)';
  const text = short(value.text, 60);
  if (!text) return undefined;
  if (LITERAL.test(text)) return `literally ${quoted(text)}`;
  // PHP's `$pos` is the parameter `pos`
  if (params.has(syntax.sigil ? text.replace(syntax.sigil, '') : text))
    return `${quoted(text)} as passed in`;
  if (syntax.members.includes(value.type)) return `the value held in ${quoted(text)}`;
  // a local's name alone says nothing, but it still tells one case from another
  if (syntax.identifiers.includes(value.type)) return quoted(text);
  return quoted(text);
}

const BINDINGS =
  /^(?:variable_declarator|let_declaration|var_spec|const_spec|short_var_declaration)$/;

/** Whether an identifier is a name a declaration or an assignment binds (`let x`, `x, err :=`, `a, x = …`). */
function bindsName(id: Node, syntax: FactSyntax): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (BINDINGS.test(parent.type)) {
    const bound = parent.childForFieldName('name') ?? parent.childForFieldName('pattern');
    return (
      bound?.id === id.id ||
      (parent.type === 'short_var_declaration' &&
        id.endIndex <= (parent.childForFieldName('right')?.startIndex ?? 0))
    );
  }
  // `let mut x`, `x, err := …`, Python's `data, state = …`
  const owner = parent.parent;
  if (!owner || !/^(?:mut_pattern|expression_list|pattern_list|tuple_pattern)$/.test(parent.type))
    return false;
  const assigns =
    BINDINGS.test(owner.type) ||
    owner.type === 'assignment_statement' ||
    syntax.assigns.includes(owner.type);
  const target = owner.childForFieldName('left') ?? owner.childForFieldName('pattern');
  return assigns && target?.id === parent.id;
}

/**
 * Whether a callee's receiver is a parameter or a name the body binds: `fs.Parse(args)` on a
 * `*flag.FlagSet` named `fs` is no file access. Effects come from what is called, not a name.
 */
function boundLocally(
  callee: string,
  body: Node,
  params: Set<string>,
  syntax: FactSyntax,
): boolean {
  const root = /^[$\w]+(?=\.|->|::)/.exec(callee)?.[0];
  if (!root) return false;
  const bare = syntax.sigil ? root.replace(syntax.sigil, '') : root;
  if (params.has(bare)) return true;
  const escaped = root.replace(/\$/g, '\\$');
  return new RegExp(
    `(?:\\b(?:let|var|const|mut)\\s+${escaped}\\b|(?<![\\w.$])${escaped}\\s*(?:,[^=\\n]*)?:?=(?![=>]))`,
  ).test(body.text);
}

/** Whether a leaf of the tree (strings and comments aside) spells the name. */
function hasToken(body: Node, name: string, syntax: FactSyntax): boolean {
  const spelled = syntax.sigil ? [name, syntax.sigil + name] : [name];
  const stack: Node[] = [body];
  while (stack.length) {
    const node = stack.pop()!;
    if (!node.childCount) {
      if (spelled.includes(node.text) && !/string|comment/.test(node.type)) return true;
    } else for (const c of node.children) if (c) stack.push(c);
  }
  return false;
}

/** Whether a body does nothing yet: `...`, `pass`, a docstring, `raise NotImplementedError`. */
function isStub(body: Node, syntax: FactSyntax): boolean {
  const text = body.text
    .replace(/^\s*(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"[^"\n]*"|'[^'\n]*')/, '')
    .replace(/[{}\s;]/g, '');
  return (
    text === '' ||
    text === '...' ||
    text === 'pass' ||
    /^raiseNotImplemented(?:Error)?(?:\(.*\))?$/.test(text) ||
    /^thrownewError\(.*\)$/.test(text) ||
    (syntax.stub?.test(text) ?? false)
  );
}

function statementsOf(body: Node): Node[] {
  return body.namedChildren.filter(
    (c): c is Node =>
      !!c &&
      c.type !== 'comment' &&
      // the docstring
      !(c.type === 'expression_statement' && c.namedChildren[0]?.type === 'string'),
  );
}

function functionFacts(object: CodeObject, body: Node, syntax: FactSyntax): CodeFacts {
  const facts: CodeFacts = {
    returns: [],
    raises: [],
    writes: [],
    effects: [],
    uses: new Map(),
    unused: [],
    holds: [],
    calls: [],
  };
  const interesting = [
    ...syntax.returns,
    ...syntax.throws,
    ...syntax.calls,
    ...syntax.assigns,
    ...syntax.identifiers,
    ...(syntax.tries ?? []),
  ];
  const raise = (entry: CodeFacts['raises'][number]) => {
    if (
      !facts.raises.some(
        (r) => r.type === entry.type && r.when === entry.when && r.failing === entry.failing,
      )
    )
      facts.raises.push(entry);
  };
  const params = new Set(
    object.parameters.map((p) => bareName(p.name)).filter((n) => n && !RECEIVERS.has(n)),
  );
  const read = new Set<string>();
  const paths = { total: 0, unstated: 0 };
  for (const node of body.descendantsOfType(interesting)) {
    if (!node) continue;
    if (insideNested(node, body, syntax)) {
      // a closure reading a parameter (`.map(|x| x + a)`) reads it too, and one assigning it
      // (`b = b[4:]` in a Go closure) changes what the body later hands back
      if (syntax.identifiers.includes(node.type)) {
        const name = syntax.sigil ? node.text.replace(syntax.sigil, '') : node.text;
        if (params.has(name)) read.add(name);
        const parent = node.parent;
        const assigned =
          !!parent &&
          syntax.assigns.includes(parent.type) &&
          parent.childForFieldName('left')?.id === node.id;
        if (params.has(name) && (assigned || bindsName(node, syntax))) {
          const list = facts.uses.get(name) ?? [];
          push(list, 'reassigned by the body');
          facts.uses.set(name, list);
        }
      }
      continue;
    }
    const type = node.type;
    if (syntax.identifiers.includes(type)) {
      // Ruby's bare `raise` in a `rescue` raises what was caught again
      if (
        syntax.raiseCalls?.includes(node.text) &&
        !syntax.calls.includes(node.parent?.type ?? '')
      ) {
        const path = pathTo(node, body, syntax);
        if (path.caught) raise({ type: path.caught, ...path });
        continue;
      }
      const name = syntax.sigil ? node.text.replace(syntax.sigil, '') : node.text;
      if (!params.has(name)) continue;
      read.add(name);
      // Rust's `let mut path = path.as_ref()`, Go's `n, err := …`: a new binding of the name
      const use = bindsName(node, syntax)
        ? 'reassigned by the body'
        : parameterUse(node, syntax, name);
      if (use) {
        const list = facts.uses.get(name) ?? [];
        push(list, use);
        facts.uses.set(name, list);
      }
    } else if (syntax.returns.includes(type)) {
      let value = node.namedChildren.find((c) => c && c.type !== 'comment');
      // Ruby's `return x` holds x in an argument list, Go's in an expression list
      if (
        (value?.type === 'argument_list' || value?.type === 'expression_list') &&
        value.namedChildCount === 1
      )
        value = value.namedChildren[0];
      if (!value || isRaiseCall(value, syntax)) continue;
      paths.total++;
      const text = returnedText(value, syntax, params);
      const { when, open } = casePath(node, body, syntax);
      // a case that cannot be said whole (inside a loop, a `switch` arm, a condition too long to
      // quote) is counted, not stated
      if (!text || open) {
        paths.unstated++;
        continue;
      }
      if (!facts.returns.some((r) => r.value === text && r.when === when))
        facts.returns.push({ value: text, ...(when && { when }) });
    } else if (syntax.throws.includes(type)) {
      const thrown = thrownType(node, syntax);
      const path = pathTo(node, body, syntax);
      const type = thrown ?? path.caught;
      if (!type) continue;
      if (!facts.raises.some((r) => r.type === type && r.when === path.when))
        facts.raises.push({ type, ...path });
    } else if (syntax.tries?.includes(type)) {
      const inner = node.namedChildren[0];
      const failing = inner && (short(inner.text, 50) ?? calleeText(inner));
      if (failing) raise({ type: 'Err', ...pathTo(node, body, syntax), failing, by: '?' });
    } else if (syntax.calls.includes(type)) {
      const callee = calleeText(node);
      if (!callee) continue;
      if (languageRaise(node, callee, body, syntax, raise)) continue;
      if (!quietCall(node, callee, syntax)) push(facts.calls, callee);
      if (callee === 'panic' && object.parameters) {
        const path = pathTo(node, body, syntax);
        if (!facts.raises.some((r) => r.type === 'panic' && r.when === path.when))
          facts.raises.push({ type: 'panic', ...path });
      }
      for (const [kind, pattern] of [...EFFECTS, ...(syntax.effects ?? [])])
        if (
          pattern.test(callee) &&
          !facts.effects.some((e) => e.call === callee) &&
          !boundLocally(callee, body, params, syntax)
        )
          facts.effects.push({ kind, call: callee });
    } else if (syntax.assigns.includes(type)) {
      const left = node.childForFieldName('left');
      const targets =
        left?.type === 'expression_list' || left?.type === 'pattern_list'
          ? left.namedChildren
          : [left];
      for (const target of targets) {
        if (
          target &&
          (syntax.members.includes(target.type) ||
            syntax.globals?.includes(target.text) ||
            // Ruby's `self.name = …` calls the writer
            (syntax.methodCalls?.includes(target.type) &&
              target.childForFieldName('receiver')?.type === 'self'))
        ) {
          const text = short(target.text, 50);
          if (text) push(facts.writes, text);
        }
      }
    }
  }
  // `raise KeyError.new(…)` makes the error it raises, which is no call worth naming
  facts.calls = facts.calls.filter(
    (c) => !facts.raises.some((r) => c === `${r.type}.new` || c === `${r.type}::new`),
  );
  const statements = statementsOf(body);
  const tail = syntax.tailReturns ? statements.at(-1) : undefined;
  if (tail && !isRaiseCall(tail, syntax) && !takesBlock(tail)) {
    const text = tailValue(tail, syntax) && returnedText(tail, syntax, params);
    const effect =
      syntax.calls.includes(tail.type) && facts.effects.some((e) => e.call === calleeText(tail));
    if (tailValue(tail, syntax)) paths.total++;
    if (text && !effect && !facts.returns.some((r) => r.value === text && !r.when))
      facts.returns.push({ value: text });
    else if (tailValue(tail, syntax)) paths.unstated++;
  }
  facts.returnPaths = paths;
  for (const r of facts.returns) {
    const name = /^`([\w$]+)` as passed in$/.exec(r.value)?.[1];
    const bare = name && syntax.sigil ? name.replace(syntax.sigil, '') : name;
    if (name && bare && facts.uses.get(bare)?.includes('reassigned by the body'))
      r.value = `\`${name}\` after the body's changes`;
  }
  if (statements.length === 1) {
    let only: Node | null | undefined = statements[0];
    if (only && (syntax.returns.includes(only.type) || only.type === 'expression_statement'))
      only = only.namedChildren.find((c) => c && c.type !== 'comment');
    if (only && (only.type === 'await' || only.type === 'await_expression'))
      only = only.namedChildren[0];
    const callee =
      only && syntax.calls.includes(only.type) && !isRaiseCall(only, syntax) && !takesBlock(only)
        ? calleeText(only)
        : undefined;
    if (callee) facts.delegate = callee;
  } else if (
    body.type !== 'block' &&
    body.type !== 'statement_block' &&
    syntax.calls.includes(body.type)
  ) {
    // an arrow function's expression body
    const callee = calleeText(body);
    if (callee) facts.delegate = callee;
  }
  // Go's `iota` and `true` are no identifiers to the grammar: any token of the name is a read
  if (!isStub(body, syntax))
    facts.unused = [...params].filter((p) => !read.has(p) && !hasToken(body, p, syntax));
  return facts;
}

function classFacts(node: Node, syntax: FactSyntax, language: string): CodeFacts {
  const facts: CodeFacts = {
    returns: [],
    raises: [],
    writes: [],
    effects: [],
    uses: new Map(),
    unused: [],
    holds: [],
    calls: [],
  };
  const body = node.childForFieldName('body') ?? node;
  if (language === 'python') {
    for (const statement of body.namedChildren) {
      const assignment =
        statement?.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
      const left =
        assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
      if (left?.type === 'identifier') push(facts.holds, left.text);
    }
  }
  for (const field of body.descendantsOfType([
    'public_field_definition',
    'field_definition',
    'property_signature',
    'field_declaration',
    // C#'s and PHP's
    'property_declaration',
  ])) {
    if (!field) continue;
    const name =
      field.childForFieldName('name') ??
      field.childForFieldName('property') ??
      field.descendantsOfType('variable_declarator')[0]?.childForFieldName('name') ??
      // PHP's `private $x;`, C's `struct s *next;`
      field.descendantsOfType('property_element')[0]?.namedChildren[0] ??
      (field.childForFieldName('declarator')
        ? field.descendantsOfType('field_identifier')[0]
        : undefined);
    // PHP's `$x` is the property `x`
    if (name) push(facts.holds, name.type === 'variable_name' ? name.text.slice(1) : name.text);
  }
  for (const assign of body.descendantsOfType(syntax.assigns)) {
    const left = assign?.childForFieldName('left');
    // Ruby's `@count = 0`
    if (left?.type === 'instance_variable') push(facts.holds, left.text);
    else if (left && syntax.members.includes(left.type)) {
      // C#'s `this` is a keyword token, not a named node
      const first = left.child(0);
      const object = (
        first && !first.isNamed && RECEIVERS.has(first.text) ? first : left.namedChildren[0]
      )?.text;
      const field =
        left.childForFieldName('attribute') ??
        left.childForFieldName('property') ??
        left.childForFieldName('field') ??
        left.childForFieldName('name');
      if (object && RECEIVERS.has(object) && field && !field.text.startsWith('#'))
        push(facts.holds, field.text);
    }
  }
  // TypeScript's constructor parameter properties: `constructor(private readonly path: string)`
  for (const param of body.descendantsOfType('required_parameter')) {
    if (param?.namedChildren.some((c) => c?.type === 'accessibility_modifier')) {
      const name = param.childForFieldName('pattern');
      if (name) push(facts.holds, name.text);
    }
  }
  return facts;
}

const CLASS_KINDS = new Set(['class', 'struct', 'interface', 'trait', 'enum']);
const FUNCTION_KINDS = new Set(['function', 'method', 'constructor']);

/**
 * Reads the facts of every function and class of one file from its source: one parse, then
 * each object's own subtree. Languages without a syntax table get an empty map; a file that
 * does not parse the same as when it was indexed (wrong source) gives what matches.
 */
export async function readFileFacts(
  file: Pick<FileIndex, 'language' | 'objects'>,
  source: string,
): Promise<Map<string, CodeFacts>> {
  const out = new Map<string, CodeFacts>();
  const language = file.language ?? '';
  const syntax = FACT_SYNTAX[language];
  if (!syntax) return out;
  const parser = await parserFor(language);
  const tree = parser && parseFlat(parser, source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  if (!tree) return out;
  for (const object of file.objects) {
    if (!FUNCTION_KINDS.has(object.kind) && !CLASS_KINDS.has(object.kind)) continue;
    const node = definitionNode(tree.rootNode, object);
    if (!node) continue;
    if (CLASS_KINDS.has(object.kind)) {
      out.set(object.id, classFacts(node, syntax, language));
      continue;
    }
    const body = bodyOf(node, syntax);
    if (body) out.set(object.id, functionFacts(object, body, syntax));
  }
  return out;
}
