import type { Node } from 'web-tree-sitter';
import type { CodeObject, FileIndex } from '../model.ts';
import { parserFor } from '../parse/grammars.ts';
import { FACT_SYNTAX, type FactSyntax } from './syntax.ts';

/** What one object's code shows, read from its syntax tree: the raw material of its docs. */
export interface CodeFacts {
  /** Values returned, with the condition that leads there when an `if` decides it. */
  returns: { value: string; when?: string }[];
  /** Exceptions raised, with the condition or the caught exception that leads there. */
  raises: { type: string; when?: string; caught?: string }[];
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

/** Code quoted in prose stays short; a longer expression is not quoted at all. */
const MAX_CODE = 72;
const short = (text: string, max = MAX_CODE): string | undefined => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : undefined;
};

const RECEIVERS = new Set(['self', 'cls', 'this']);

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

const conditionText = (node: Node | null): string | undefined => {
  if (!node) return undefined;
  const text = node.type === 'parenthesized_expression' ? node.text.slice(1, -1) : node.text;
  return short(text);
};

/**
 * The conditions that lead to `node` inside `body`: each enclosing `if` whose consequence
 * holds it (an `else` reads as the negation), innermost last; undefined when one cannot be
 * quoted. `caught` names the exception of an enclosing `except`/`catch`.
 */
function pathTo(node: Node, body: Node, syntax: FactSyntax): { when?: string; caught?: string } {
  const conditions: string[] = [];
  let caught: string | undefined;
  let child = node;
  let parent = node.parent;
  while (parent && parent.id !== body.id) {
    if (syntax.ifs.includes(parent.type) || syntax.elifs.includes(parent.type)) {
      const condition = parent.childForFieldName('condition');
      const consequence = parent.childForFieldName('consequence');
      const text = conditionText(condition);
      if (!text) return caught ? { caught } : {};
      if (consequence && child.id === consequence.id) conditions.unshift(text);
      else if (child.id !== condition?.id) {
        // the else branch: none of the conditions above held
        const negated = short(`not (${text})`);
        if (!negated) return caught ? { caught } : {};
        conditions.unshift(negated);
      }
    } else if (syntax.catches.includes(parent.type) && !caught) {
      const type =
        parent.namedChildren.find((c) => c && c.type !== 'block' && c.type !== 'statement_block')
          ?.text ?? '';
      caught = short(type.replace(/\s+as\s+\w+$/, '').replace(/^\(|\)$/g, ''), 60) || undefined;
    }
    child = parent;
    parent = parent.parent;
  }
  const when = conditions.length ? short(conditions.join(' and '), 110) : undefined;
  return { ...(when && { when }), ...(caught && { caught }) };
}

function insideNested(node: Node, body: Node, syntax: FactSyntax): boolean {
  for (let p = node.parent; p && p.id !== body.id; p = p.parent) {
    if (syntax.functions.includes(p.type)) return true;
  }
  return false;
}

function calleeText(call: Node): string | undefined {
  if (call.type === 'method_invocation') {
    const object = call.childForFieldName('object');
    const name = call.childForFieldName('name')?.text;
    return name ? (object ? `${object.text}.${name}` : name) : undefined;
  }
  const fn =
    call.childForFieldName('function') ??
    call.childForFieldName('constructor') ??
    call.childForFieldName('type');
  return fn ? short(fn.text.replace(/\?\./g, '.'), 60) : undefined;
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

const push = <T>(list: T[], item: T) => {
  if (!list.includes(item)) list.push(item);
};

function parameterUse(id: Node, syntax: FactSyntax, name: string): string | undefined {
  const parent = id.parent;
  if (!parent) return undefined;
  const type = parent.type;
  if (syntax.compares.includes(type)) {
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
  if (syntax.members.includes(type)) {
    const field =
      parent.childForFieldName('attribute') ??
      parent.childForFieldName('property') ??
      parent.childForFieldName('field');
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
  const list = argument.parent;
  if (list && (list.type === 'argument_list' || list.type === 'arguments') && list.parent) {
    const callee = calleeText(list.parent);
    if (!callee) return undefined;
    if (callee === 'isinstance' || callee === 'issubclass') {
      const against = list.namedChildren[1];
      return against ? `checked against \`${short(against.text, 40) ?? against.type}\`` : undefined;
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

const LITERAL =
  /^(?:None|True|False|null|undefined|true|false|nil|NaN|-?\d[\d_.]*|(['"]).*\1|\[\]|\{\}|\(\))$/;

/**
 * What a `return` gives, phrased so it says something: a call's result, a literal, a
 * parameter handed back, a member's value. A local variable's name alone tells a reader
 * nothing and is left out.
 */
function returnedText(value: Node, syntax: FactSyntax, params: Set<string>): string | undefined {
  if (syntax.calls.includes(value.type)) {
    const callee = calleeText(value);
    return callee ? `the result of calling \`${callee}\`` : undefined;
  }
  const text = short(value.text, 60);
  if (!text) return undefined;
  if (LITERAL.test(text)) return `literally \`${text}\``;
  if (params.has(text)) return `\`${text}\` as passed in`;
  if (syntax.members.includes(value.type)) return `the value held in \`${text}\``;
  if (syntax.identifiers.includes(value.type)) return undefined;
  // a tuple of local names (`return user, passwd`) says no more than one name does
  if (
    value.namedChildren.length &&
    value.namedChildren.every(
      (c) => c && syntax.identifiers.includes(c.type) && !params.has(c.text),
    )
  )
    return undefined;
  return `\`${text}\``;
}

/** Whether a body does nothing yet: `...`, `pass`, a docstring, `raise NotImplementedError`. */
function isStub(body: Node): boolean {
  const text = body.text
    .replace(/^\s*(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"[^"\n]*"|'[^'\n]*')/, '')
    .replace(/[{}\s;]/g, '');
  return (
    text === '' ||
    text === '...' ||
    text === 'pass' ||
    /^raiseNotImplemented(?:Error)?(?:\(.*\))?$/.test(text) ||
    /^thrownewError\(.*\)$/.test(text)
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
  ];
  const params = new Set(
    object.parameters.map((p) => bareName(p.name)).filter((n) => n && !RECEIVERS.has(n)),
  );
  const read = new Set<string>();
  for (const node of body.descendantsOfType(interesting)) {
    if (!node || insideNested(node, body, syntax)) continue;
    const type = node.type;
    if (syntax.identifiers.includes(type)) {
      const name = node.text;
      if (!params.has(name)) continue;
      read.add(name);
      const use = parameterUse(node, syntax, name);
      if (use) {
        const list = facts.uses.get(name) ?? [];
        push(list, use);
        facts.uses.set(name, list);
      }
    } else if (syntax.returns.includes(type)) {
      const value = node.namedChildren.find((c) => c && c.type !== 'comment');
      if (!value) continue;
      const text = returnedText(value, syntax, params);
      if (!text) continue;
      const { when } = pathTo(node, body, syntax);
      if (!facts.returns.some((r) => r.value === text && r.when === when))
        facts.returns.push({ value: text, ...(when && { when }) });
    } else if (syntax.throws.includes(type)) {
      const thrown = thrownType(node, syntax);
      const path = pathTo(node, body, syntax);
      const type = thrown ?? path.caught;
      if (!type) continue;
      if (!facts.raises.some((r) => r.type === type && r.when === path.when))
        facts.raises.push({ type, ...path });
    } else if (syntax.calls.includes(type)) {
      const callee = calleeText(node);
      if (!callee) continue;
      push(facts.calls, callee);
      if (callee === 'panic' && object.parameters) {
        const path = pathTo(node, body, syntax);
        if (!facts.raises.some((r) => r.type === 'panic' && r.when === path.when))
          facts.raises.push({ type: 'panic', ...path });
      }
      for (const [kind, pattern] of EFFECTS)
        if (pattern.test(callee) && !facts.effects.some((e) => e.call === callee))
          facts.effects.push({ kind, call: callee });
    } else if (syntax.assigns.includes(type)) {
      const left = node.childForFieldName('left');
      const targets =
        left?.type === 'expression_list' || left?.type === 'pattern_list'
          ? left.namedChildren
          : [left];
      for (const target of targets) {
        if (target && syntax.members.includes(target.type)) {
          const text = short(target.text, 50);
          if (text) push(facts.writes, text);
        }
      }
    }
  }
  for (const r of facts.returns) {
    const name = /^`([\w$]+)` as passed in$/.exec(r.value)?.[1];
    if (name && facts.uses.get(name)?.includes('reassigned by the body'))
      r.value = `\`${name}\` after the body's changes`;
  }
  const statements = statementsOf(body);
  if (statements.length === 1) {
    let only: Node | null | undefined = statements[0];
    if (only && (syntax.returns.includes(only.type) || only.type === 'expression_statement'))
      only = only.namedChildren.find((c) => c && c.type !== 'comment');
    if (only && (only.type === 'await' || only.type === 'await_expression'))
      only = only.namedChildren[0];
    const callee = only && syntax.calls.includes(only.type) ? calleeText(only) : undefined;
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
  if (!isStub(body)) facts.unused = [...params].filter((p) => !read.has(p));
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
  ])) {
    if (!field) continue;
    const name =
      field.childForFieldName('name') ??
      field.childForFieldName('property') ??
      field.descendantsOfType('variable_declarator')[0]?.childForFieldName('name');
    if (name) push(facts.holds, name.text);
  }
  for (const assign of body.descendantsOfType(syntax.assigns)) {
    const left = assign?.childForFieldName('left');
    if (left && syntax.members.includes(left.type)) {
      const object = left.namedChildren[0]?.text;
      const field =
        left.childForFieldName('attribute') ??
        left.childForFieldName('property') ??
        left.childForFieldName('field');
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
  const tree = parser?.parse(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  if (!tree) return out;
  try {
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
  } finally {
    tree.delete();
  }
  return out;
}
