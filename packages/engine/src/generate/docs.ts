import type { CodeObject, Parameter, Reference } from '../model.ts';
import { calledBy, isTestPath } from '../resolve/queries.ts';
import { callExamples, type CallExample } from './examples.ts';
import { bareName, type CodeFacts, type EffectKind } from './facts.ts';
import { isFiller } from './filler.ts';

/** The documentation fields of one object, each marked with where it came from. */
export interface GeneratedDoc {
  objectId: string;
  /** '' when neither the author nor the code says anything: the field needs a writer. */
  summary: string;
  description: string;
  /** The documented parameters: the signature's, receivers (`self`, `cls`, `this`) left out. */
  parameters: { name: string; type?: string; description: string }[];
  returns?: { type?: string; description: string };
  throws: { type: string; description: string }[];
  example?: string;
  /** Where the example was taken from (absent for the author's own example). */
  exampleFrom?: { path: string; line: number };
  notes: string[];
  /** Which fields came from the author's own doc comment (the rest were derived). */
  fromComment: string[];
}

/** What generation may know beyond the object and the references to it. */
export interface GenerationContext {
  /** The object's facts, read from its code by `readFileFacts`. */
  facts?: CodeFacts;
  /** The source of a file of the same commit, when it can be read (callers, for examples). */
  sourceOf?: (path: string) => string | undefined;
  language?: string;
  /** The objects of the object's file (a class's methods, a module's members). */
  siblings?: readonly CodeObject[];
}

const FUNCTIONS = new Set(['function', 'method', 'constructor']);
const RECEIVER = /^(?:self|cls|this|&self|&mut self|mut self|&'\w+ self|&'\w+ mut self)$/;

/** Whether a signature parameter is the receiver, which no doc convention documents. */
export function isReceiver(p: Parameter, index: number): boolean {
  if (RECEIVER.test(p.name)) return p.name !== 'self' && p.name !== 'cls' ? true : index === 0;
  return false;
}

/** The parameters a doc documents: named, receivers left out. */
export function documentedParameters(object: CodeObject): Parameter[] {
  return object.parameters.filter((p, i) => p.name && !isReceiver(p, i));
}

const code = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

function list(items: string[], max = 6): string {
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  const head =
    shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]!;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : head;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const EFFECT_WORDS: Record<EffectKind, string> = {
  logs: 'Logs through',
  output: 'Writes to standard output through',
  files: 'Works on files through',
  network: 'Talks to the network through',
  database: 'Runs database statements through',
  processes: 'Runs or ends processes through',
};

/** Calls too common to say anything about what the object does. */
const TRIVIAL_CALLS = new Set([
  ...['len', 'isinstance', 'issubclass', 'str', 'int', 'float', 'bool', 'list', 'dict', 'set'],
  ...['tuple', 'range', 'enumerate', 'zip', 'getattr', 'hasattr', 'setattr', 'type', 'super'],
  ...['repr', 'iter', 'next', 'sorted', 'min', 'max', 'abs', 'format', 'String', 'Number'],
  ...['Boolean', 'Array.isArray', 'Object.keys', 'Object.entries', 'Error', 'append', 'push'],
  ...['any', 'all', '_', 'id', 'hash', 'callable', 'vars', 'map', 'filter', 'nameof'],
]);

function raisedText(r: CodeFacts['raises'][number]): string {
  if (r.failing) {
    const how =
      r.by === '?'
        ? `if ${code(r.failing)} fails (\`?\` passes its error on)`
        : `if ${code(r.failing)} is \`None\` or \`Err\` (\`${r.by}\`)`;
    return r.when ? `when ${code(r.when)}, ${how}` : how;
  }
  if (r.when) return `when ${code(r.when)}`;
  if (r.caught && r.caught !== r.type) return `when ${code(r.caught)} is caught`;
  if (r.caught) return 'raised again after handling it';
  return 'by the body itself';
}

function returnsText(facts: CodeFacts): string {
  const items = facts.returns;
  if (!items.length) return '';
  if (items.length === 1 && !items[0]!.when) return `${capital(items[0]!.value)}.`;
  return items
    .slice(0, 6)
    .map((r, i) =>
      r.when
        ? `- ${r.value} when ${code(r.when)}`
        : `- ${r.value}${i === items.length - 1 && i > 0 ? ' otherwise' : ''}`,
    )
    .join('\n');
}

/** Per parameter, what callers pass (distinct short argument texts) from real call statements. */
function callerArguments(object: CodeObject, examples: CallExample[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const params = documentedParameters(object);
  for (const example of examples) {
    let position = 0;
    for (const arg of example.args) {
      const keyword = /^(\w+)\s*=(?!=)\s*([\s\S]+)$/.exec(arg);
      if (/^\*|^\.\.\./.test(arg)) break;
      const param = keyword
        ? params.find((p) => bareName(p.name) === keyword[1])
        : params[position] && !/^\*|^\.\.\./.test(params[position]!.name)
          ? params[position]
          : undefined;
      if (!keyword) position++;
      const value = (keyword ? keyword[2]! : arg).trim();
      if (!param || value.length > 40) continue;
      const values = out.get(param.name) ?? [];
      if (!values.includes(value) && values.length < 3) values.push(value);
      out.set(param.name, values);
    }
  }
  return out;
}

function parameterText(
  p: Parameter,
  facts: CodeFacts | undefined,
  passed: string[] | undefined,
): string {
  const sentences: string[] = [];
  const name = bareName(p.name);
  const uses = facts?.uses.get(name) ?? [];
  if (uses.length) sentences.push(`${capital(uses.slice(0, 4).join('; '))}.`);
  else if (facts?.unused.includes(name)) sentences.push('Not used by the body.');
  if (p.default !== undefined && p.default.length <= 40)
    sentences.push(`${code(p.default)} when omitted.`);
  if (passed?.length) sentences.push(`Callers pass ${list(passed.map(code))}.`);
  return sentences.join(' ');
}

function summaryFrom(object: CodeObject, facts: CodeFacts | undefined, bases: string[]): string {
  if (!facts) return bases.length ? `Extends ${list(bases.map(code))}.` : '';
  if (!FUNCTIONS.has(object.kind)) {
    const parts: string[] = [];
    if (bases.length) parts.push(`extends ${list(bases.map(code))}`);
    if (facts.holds.length) parts.push(`holds ${list(facts.holds.map(code), 5)}`);
    return parts.length ? `${capital(parts.join(' and '))}.` : '';
  }
  if (facts.delegate) return `Delegates to ${code(facts.delegate)}.`;
  const plain = facts.returns.filter((r) => !r.when);
  if (facts.returns.length === 1 && plain.length === 1 && !facts.raises.length)
    return `Returns ${plain[0]!.value}.`;
  if (facts.writes.length && !facts.returns.length) {
    // `set_dn` setting `@dn` says what the name already does
    const sets = `Sets ${list(facts.writes.map(code), 4)}.`;
    return isFiller(sets, object) ? '' : sets;
  }
  return '';
}

/** Base classes as the signature names them (Python `class A(B):`, `extends`, `implements`, `: Base`). */
export function basesOf(object: CodeObject): string[] {
  if (!['class', 'interface', 'struct', 'trait', 'enum'].includes(object.kind)) return [];
  const signature = object.signature;
  const python = /^class\s+\w+\s*\((.*)\)\s*:?\s*$/.exec(signature);
  const parts = python
    ? python[1]!.split(',')
    : [
        ...(/\bextends\s+(.+?)(?=\s+implements\b|\s*\{|$)/.exec(signature)?.[1]?.split(',') ?? []),
        ...(/\bimplements\s+(.+?)(?=\s*\{|$)/.exec(signature)?.[1]?.split(',') ?? []),
      ];
  return parts
    .map((p) => p.trim())
    .filter((p) => p && !p.includes('=') && p !== 'object' && p.length <= 60);
}

function describe(
  object: CodeObject,
  facts: CodeFacts | undefined,
  references: readonly Reference[],
  siblings: readonly CodeObject[],
  summary: string,
): string {
  const sentences: string[] = [];
  if (facts && FUNCTIONS.has(object.kind)) {
    const calls = facts.calls.filter(
      (c) =>
        !TRIVIAL_CALLS.has(c) &&
        c !== facts.delegate &&
        !facts.effects.some((e) => e.call === c) &&
        !facts.raises.some((r) => r.type === c),
    );
    // a sentence of names the object's own (`initialize(underlying_error)` calling
    // `@underlying_error.class`) says nothing
    const telling = (sentence: string) => {
      if (!isFiller(sentence, object)) sentences.push(sentence);
    };
    if (calls.length) telling(`Calls ${list(calls.map(code))}.`);
    for (const kind of Object.keys(EFFECT_WORDS) as EffectKind[]) {
      const through = facts.effects.filter((e) => e.kind === kind).map((e) => code(e.call));
      if (through.length) sentences.push(`${EFFECT_WORDS[kind]} ${list(through)}.`);
    }
    const sets = `Sets ${list(facts.writes.map(code), 4)}.`;
    if (facts.writes.length && sets !== summary) telling(sets);
  }
  // its own members; a file's module (Python, Ruby) holds the file's top-level objects
  let children = siblings.filter((o) => o.parentId === object.id && o.kind !== 'constructor');
  if (object.kind === 'module' && !children.length)
    children = siblings.filter((o) => o.parentId === undefined && o.kind !== 'module');
  if (children.length && !FUNCTIONS.has(object.kind))
    sentences.push(
      `Defines ${list(
        children.map((c) => code(c.name)),
        8,
      )}.`,
    );
  // what a module exports, where its language says so and not everything is
  const exported = children.filter((c) => c.modifiers.exported);
  if (object.kind === 'module' && exported.length && exported.length < children.length)
    sentences.push(
      `Exports ${list(
        exported.map((c) => code(c.name)),
        8,
      )}.`,
    );
  const callers = calledBy(references, object.id);
  if (callers.length) {
    const files = [...new Set(callers.map((c) => c.fromFile))];
    const tests = files.filter(isTestPath).length;
    sentences.push(
      `Called from ${callers.length === 1 ? 'one place' : `${callers.length} places`} in ${list(files.map(code), 4)}${tests ? ` (${tests === files.length ? 'all tests' : `${tests} of them tests`})` : ''}.`,
    );
  }
  const heirs = references.filter(
    (r) => r.toId === object.id && (r.kind === 'extends' || r.kind === 'implements'),
  );
  if (heirs.length)
    sentences.push(
      `Extended or implemented in ${list([...new Set(heirs.map((h) => h.fromFile))].map(code), 4)}.`,
    );
  return sentences.join(' ');
}

/**
 * Documentation for one object (no network): the author's doc comment wins field by field;
 * what it lacks is stated from facts of the code (conditions of returns and raises, effects,
 * parameter use, what callers pass, heritage) and real call sites. A field with no fact stays
 * empty: nothing here restates a name or a type.
 */
export function generateDoc(
  object: CodeObject,
  references: readonly Reference[] = [],
  context: GenerationContext = {},
): GeneratedDoc {
  const doc = object.doc;
  const facts = context.facts;
  const fromComment: string[] = [];
  const language = context.language ?? '';
  const examples = context.sourceOf
    ? callExamples(references, object.id, object.name, context.sourceOf, language, 8)
    : [];
  const passed = callerArguments(object, examples);
  const bases = basesOf(object);
  const derivedSummary = summaryFrom(object, facts, bases);
  const summary = doc?.summary || derivedSummary;
  if (doc?.summary) fromComment.push('summary');
  if (doc?.description) fromComment.push('description');
  const parameters = documentedParameters(object).map((p) => {
    const documented = doc?.params.find(
      (d) => d.name === p.name || bareName(d.name) === bareName(p.name),
    );
    // the author's words: the doc comment's, else the signature's (Python `Annotated` Doc)
    const authored = documented?.description || p.description;
    if (authored) fromComment.push(`param:${p.name}`);
    const entry: GeneratedDoc['parameters'][number] = {
      name: p.name,
      description: authored || parameterText(p, facts, passed.get(p.name)),
    };
    const type = p.type ?? documented?.type;
    if (type) entry.type = type;
    return entry;
  });
  const out: GeneratedDoc = {
    objectId: object.id,
    summary,
    description:
      doc?.description ||
      describe(
        object,
        facts,
        references,
        context.siblings ?? [],
        doc?.summary ? '' : derivedSummary,
      ),
    parameters,
    throws: [],
    notes: [],
    fromComment,
  };
  if (FUNCTIONS.has(object.kind) && object.kind !== 'constructor') {
    if (doc?.returns?.description) {
      fromComment.push('returns');
      out.returns = { description: doc.returns.description };
      const type = object.returnType ?? doc.returns.type;
      if (type) out.returns.type = type;
    } else if (facts) {
      const text = returnsText(facts);
      if (text) {
        out.returns = { description: text };
        if (object.returnType) out.returns.type = object.returnType;
      }
    }
  }
  const thrown = new Map<string, string>();
  for (const t of doc?.throws ?? []) thrown.set(t.type ?? 'Error', t.description);
  if (doc?.throws.length) fromComment.push('throws');
  for (const r of facts?.raises ?? []) {
    const text = raisedText(r);
    const known = thrown.get(r.type);
    if (known === undefined) thrown.set(r.type, capital(text));
    else if (!doc?.throws.some((t) => t.type === r.type) && !known.includes(text))
      thrown.set(r.type, `${known}; ${text}`);
  }
  if (!facts)
    for (const t of object.body?.throws ?? [])
      if (!thrown.has(t)) thrown.set(t, capital(raisedText({ type: t })));
  out.throws = [...thrown].map(([type, description]) => ({ type, description }));
  if (doc?.examples[0]) {
    out.example = doc.examples[0];
    fromComment.push('example');
  } else if (examples[0]) {
    out.example = examples[0].code;
    out.exampleFrom = { path: examples[0].path, line: examples[0].line };
  }
  if (doc?.deprecated !== undefined)
    out.notes.push(`Deprecated${doc.deprecated ? `: ${doc.deprecated}` : '.'}`);
  if (object.modifiers.abstract) out.notes.push('Abstract: subclasses provide the body.');
  return out;
}
