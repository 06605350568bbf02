import type { CodeObject, Parameter, Reference } from '../model.ts';
import { calledBy, usagesOf } from '../resolve/queries.ts';
import { describeName, describeParameter } from './words.ts';

/** The documentation fields of one object, each marked with where it came from. */
export interface GeneratedDoc {
  objectId: string;
  summary: string;
  description: string;
  parameters: { name: string; type?: string; description: string }[];
  returns?: { type?: string; description: string };
  throws: { type: string; description: string }[];
  example?: string;
  notes: string[];
  /** Which fields came from the author's own doc comment (the rest were derived). */
  fromComment: string[];
}

const FUNCTIONS = new Set(['function', 'method', 'constructor']);

/**
 * Deterministic documentation for one object (no network): the object's doc comment wins field
 * by field; what it lacks is derived from its name, kind, signature, body facts and the
 * repository's references. Parameters are exactly the signature's, in order.
 */
export function generateDoc(
  object: CodeObject,
  references: readonly Reference[] = [],
): GeneratedDoc {
  const doc = object.doc;
  const fromComment: string[] = [];
  const summary = doc?.summary || describeName(object);
  if (doc?.summary) fromComment.push('summary');
  if (doc?.description) fromComment.push('description');
  const parameters = object.parameters.map((p: Parameter) => {
    const documented = doc?.params.find((d) => d.name === p.name || d.name === `...${p.name}`);
    if (documented?.description) fromComment.push(`param:${p.name}`);
    const entry: GeneratedDoc['parameters'][number] = {
      name: p.name,
      description: documented?.description || describeParameter(p),
    };
    const type = p.type ?? documented?.type;
    if (type) entry.type = type;
    return entry;
  });
  const out: GeneratedDoc = {
    objectId: object.id,
    summary,
    description: doc?.description ?? '',
    parameters,
    throws: [],
    notes: [],
    fromComment,
  };
  if (FUNCTIONS.has(object.kind) && object.kind !== 'constructor') {
    const noValue =
      !object.returnType || /^(void|None|Unit|\(\)|never|Promise<void>)$/.test(object.returnType);
    if (doc?.returns?.description) {
      fromComment.push('returns');
      out.returns = { description: doc.returns.description };
      const type = object.returnType ?? doc.returns.type;
      if (type) out.returns.type = type;
    } else if (object.body?.returnsValue || !noValue) {
      out.returns = {
        description: object.returnType
          ? `The resulting ${object.returnType}.`
          : 'The computed value.',
      };
      if (object.returnType) out.returns.type = object.returnType;
    }
  }
  const thrown = new Map<string, string>();
  for (const t of doc?.throws ?? []) thrown.set(t.type ?? 'Error', t.description);
  if (doc?.throws.length) fromComment.push('throws');
  for (const t of object.body?.throws ?? [])
    if (!thrown.has(t)) thrown.set(t, `Raised by the body (\`${t}\`).`);
  out.throws = [...thrown].map(([type, description]) => ({ type, description }));
  if (doc?.examples[0]) {
    out.example = doc.examples[0];
    fromComment.push('example');
  } else {
    const site = usagesOf(references, object.id).find((r) => r.kind === 'call');
    if (site) out.example = site.snippet;
  }
  if (doc?.deprecated !== undefined)
    out.notes.push(`Deprecated${doc.deprecated ? `: ${doc.deprecated}` : '.'}`);
  if (object.modifiers.async) out.notes.push('Asynchronous: returns a promise/awaitable.');
  if (object.modifiers.abstract) out.notes.push('Abstract: implemented by subclasses.');
  if (object.body && object.body.earlyExits > 0)
    out.notes.push(`Returns early in ${object.body.earlyExits} case(s).`);
  const callers = calledBy(references, object.id);
  if (callers.length) {
    const files = [...new Set(callers.map((c) => c.fromFile))];
    out.notes.push(`Called from ${callers.length} place(s) in ${files.length} file(s).`);
  }
  return out;
}
