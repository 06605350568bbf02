import type { CodeObject, Parameter, Reference } from '../model.ts';
import type { Claim } from './claims.ts';
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
  /** The facts each derived sentence states, for the verifier (`verify.ts`). */
  claims?: Claim[];
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

/** A return phrase that only names a call or a local: the page's structure already says it. */
const bare = (value: string) => /^the result of calling |^`[\w$]+`$/.test(value);

/** Python's `__exit__` giving back `True` swallows the exception of the `with` block. */
const suppresses = (object: CodeObject, value: string) =>
  object.name === '__exit__' && value === 'literally `True`';

/**
 * The Returns field: every return path with its case, or the stated ones and how many others
 * there are. A single path that only names a call or a local says nothing and is left out.
 */
function returnsText(object: CodeObject, facts: CodeFacts, claims: Claim[]): string {
  const items = facts.returns;
  const paths = facts.returnPaths ?? { total: items.length, unstated: 0 };
  if (!items.length) return '';
  const field = 'returns';
  if (items.length === 1 && !items[0]!.when && !paths.unstated) {
    const value = items[0]!.value;
    if (suppresses(object, value)) {
      claims.push({ field, kind: 'return', value, otherwise: true }, { field, kind: 'suppresses' });
      return 'Literally `True`: an exception raised in the `with` block is suppressed.';
    }
    if (bare(value)) return '';
    claims.push({ field, kind: 'return', value, otherwise: true });
    return `${capital(value)}.`;
  }
  const unstated = paths.unstated + Math.max(0, items.length - 8);
  const lines = items.slice(0, 8).map((r, i) => {
    // the unconditional path after the others: what is left when none of them returned
    const last = i === items.length - 1 && (i > 0 || unstated > 0) && !r.when;
    claims.push({
      field,
      kind: 'return',
      value: r.value,
      ...(r.when && { when: r.when }),
      ...(last && { otherwise: true }),
    });
    return r.when ? `- ${r.value} when ${code(r.when)}` : `- ${r.value}${last ? ' otherwise' : ''}`;
  });
  if (unstated) {
    claims.push({ field, kind: 'return-paths', total: paths.total, unstated });
    lines.push(
      `- ${unstated === 1 ? 'one other return path' : `${unstated} other return paths`} (in a loop, a \`switch\` arm or a case not quoted)`,
    );
  }
  return lines.join('\n');
}

/** Whether a text's `<` and `>` pair up (comparisons, arrows and shifts aside). */
function anglesBalanced(text: string): boolean {
  const bare = text.replace(/=>|->|<=|>=|<<|>>|\s[<>]\s/g, '');
  return (bare.match(/</g) ?? []).length === (bare.match(/>/g) ?? []).length;
}

/**
 * Per parameter, what callers pass: each a whole argument expression of a real call, at most
 * three distinct short ones, with the call it was read from.
 */
function callerArguments(
  object: CodeObject,
  examples: CallExample[],
  language: string,
): Map<string, { value: string; from: CallExample }[]> {
  // `f(x=1)` names a parameter in Python; elsewhere `f(x = 1)` is an assignment passed whole
  const keywords = language === 'python';
  const out = new Map<string, { value: string; from: CallExample }[]>();
  const params = documentedParameters(object);
  for (const example of examples) {
    // `f(x as Map<K, V>)`, `g(&h<T, U>)`: a text split inside a type's brackets says nothing
    if (example.args.some((a) => !anglesBalanced(a))) continue;
    let position = 0;
    for (const arg of example.args) {
      const keyword = keywords ? /^(\w+)\s*=(?!=)\s*([\s\S]+)$/.exec(arg) : null;
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
      if (!values.some((v) => v.value === value) && values.length < 3)
        values.push({ value, from: example });
      out.set(param.name, values);
    }
  }
  return out;
}

function parameterText(
  p: Parameter,
  facts: CodeFacts | undefined,
  passed: { value: string; from: CallExample }[] | undefined,
  claims: Claim[],
): string {
  const field = `param:${p.name}`;
  const sentences: string[] = [];
  const name = bareName(p.name);
  const uses = facts?.uses.get(name) ?? [];
  if (uses.length) {
    for (const use of uses.slice(0, 4)) claims.push({ field, kind: 'use', param: name, use });
    sentences.push(`${capital(uses.slice(0, 4).join('; '))}.`);
  } else if (facts?.unused.includes(name)) {
    claims.push({ field, kind: 'unused', param: name });
    sentences.push('Not used by the body.');
  }
  if (p.default !== undefined && p.default.length <= 40) {
    claims.push({ field, kind: 'default', param: p.name, value: p.default });
    sentences.push(`${code(p.default)} when omitted.`);
  }
  if (passed?.length) {
    for (const { value, from } of passed)
      claims.push({
        field,
        kind: 'passed',
        param: p.name,
        value,
        example: from.code,
        name: from.name,
        path: from.path,
        line: from.line,
      });
    sentences.push(`Callers pass ${list(passed.map((v) => code(v.value)))}.`);
  }
  return sentences.join(' ');
}

/**
 * A summary the code alone can give: what a function with one return path returns (not a bare
 * call or local), or the attributes a function without a value sets. Nothing else: bases,
 * members and calls are on the page as structure.
 */
function summaryFrom(object: CodeObject, facts: CodeFacts | undefined, claims: Claim[]): string {
  if (!facts || !FUNCTIONS.has(object.kind)) return '';
  const paths = facts.returnPaths ?? { total: facts.returns.length, unstated: 0 };
  const only = facts.returns[0];
  if (facts.returns.length === 1 && only && !only.when && !paths.unstated && !facts.raises.length) {
    if (suppresses(object, only.value)) {
      claims.push(
        { field: 'summary', kind: 'return', value: only.value, otherwise: true },
        { field: 'summary', kind: 'suppresses' },
      );
      return 'Suppresses the exception raised in the `with` block (returns `True`).';
    }
    if (bare(only.value)) return '';
    claims.push({ field: 'summary', kind: 'return', value: only.value, otherwise: true });
    return `Returns ${only.value}.`;
  }
  if (facts.writes.length && !facts.returns.length && !paths.total) {
    // `set_dn` setting `@dn` says what the name already does
    const sets = `Sets ${list(facts.writes.map(code), 4)}.`;
    if (isFiller(sets, object)) return '';
    for (const target of facts.writes.slice(0, 4))
      claims.push({ field: 'summary', kind: 'write', target });
    return sets;
  }
  return '';
}

/** What the body does beyond its value: effects by kind, attributes it sets (unless the summary says so). */
function describe(
  object: CodeObject,
  facts: CodeFacts | undefined,
  summary: string,
  claims: Claim[],
): string {
  const sentences: string[] = [];
  if (!facts || !FUNCTIONS.has(object.kind)) return '';
  const field = 'description';
  for (const kind of Object.keys(EFFECT_WORDS) as EffectKind[]) {
    const through = facts.effects.filter((e) => e.kind === kind).slice(0, 6);
    if (!through.length) continue;
    for (const e of through) claims.push({ field, kind: 'effect', effect: kind, call: e.call });
    sentences.push(`${EFFECT_WORDS[kind]} ${list(through.map((e) => code(e.call)))}.`);
  }
  const sets = `Sets ${list(facts.writes.map(code), 4)}.`;
  // a sentence of names the object's own (`initialize(underlying_error)` setting
  // `@underlying_error`) says nothing
  if (facts.writes.length && sets !== summary && !isFiller(sets, object)) {
    for (const target of facts.writes.slice(0, 4)) claims.push({ field, kind: 'write', target });
    sentences.push(sets);
  }
  return sentences.join(' ');
}

/**
 * Documentation for one object (no network): the author's doc comment wins field by field;
 * what it lacks is stated from facts of the code (conditions of returns and raises, effects,
 * parameter use, what callers pass) and real call sites, each sentence recorded as a claim.
 * What the page shows as structure (calls, callers, bases, members, types) is never written
 * as prose, and a field with no fact stays empty.
 */
export function generateDoc(
  object: CodeObject,
  references: readonly Reference[] = [],
  context: GenerationContext = {},
): GeneratedDoc {
  const doc = object.doc;
  const facts = context.facts;
  const fromComment: string[] = [];
  const claims: Claim[] = [];
  const language = context.language ?? '';
  const examples = context.sourceOf
    ? callExamples(references, object.id, object.name, context.sourceOf, language, 8)
    : [];
  const passed = callerArguments(object, examples, language);
  const derivedClaims: Claim[] = [];
  const derivedSummary = summaryFrom(object, facts, derivedClaims);
  const summary = doc?.summary || derivedSummary;
  if (doc?.summary) fromComment.push('summary');
  else claims.push(...derivedClaims);
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
      description: authored || parameterText(p, facts, passed.get(p.name), claims),
    };
    const type = p.type ?? documented?.type;
    if (type) entry.type = type;
    return entry;
  });
  const out: GeneratedDoc = {
    objectId: object.id,
    summary,
    description:
      doc?.description || describe(object, facts, doc?.summary ? '' : derivedSummary, claims),
    parameters,
    throws: [],
    notes: [],
    fromComment,
    claims,
  };
  if (FUNCTIONS.has(object.kind) && object.kind !== 'constructor') {
    if (doc?.returns?.description) {
      fromComment.push('returns');
      out.returns = { description: doc.returns.description };
      const type = object.returnType ?? doc.returns.type;
      if (type) out.returns.type = type;
    } else if (facts) {
      const text = returnsText(object, facts, claims);
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
    const authored = doc?.throws.some((t) => t.type === r.type);
    if (known === undefined) thrown.set(r.type, capital(text));
    else if (!authored && !known.includes(text)) thrown.set(r.type, `${known}; ${text}`);
    else continue;
    claims.push({ field: 'throws', kind: 'raise', ...r });
  }
  if (!facts)
    for (const t of object.body?.throws ?? [])
      if (!thrown.has(t)) {
        thrown.set(t, capital(raisedText({ type: t })));
        claims.push({ field: 'throws', kind: 'raise', type: t });
      }
  out.throws = [...thrown].map(([type, description]) => ({ type, description }));
  if (doc?.examples[0]) {
    out.example = doc.examples[0];
    fromComment.push('example');
  } else if (examples[0]) {
    const { code, path, line, name } = examples[0];
    out.example = code;
    out.exampleFrom = { path, line };
    claims.push({ field: 'example', kind: 'example', code, name, path, line });
  }
  if (doc?.deprecated !== undefined)
    out.notes.push(`Deprecated${doc.deprecated ? `: ${doc.deprecated}` : '.'}`);
  return out;
}
