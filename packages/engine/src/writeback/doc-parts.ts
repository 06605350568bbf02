import type { DocComment } from '../model.ts';

/** The parts of a doc comment the writer renders: what every convention can say. */
export interface DocParts {
  summary: string;
  description: string;
  params: { name: string; type?: string; description: string }[];
  returns?: { type?: string; description: string };
  throws: { type?: string; description: string }[];
  example?: string;
  deprecated?: string;
  see: string[];
}

/** The field ids a write-back can put into a comment (`notes` are the product's, not the code's). */
export function isWritableField(fieldId: string): boolean {
  return (
    fieldId === 'summary' ||
    fieldId === 'description' ||
    fieldId === 'returns' ||
    fieldId === 'throws' ||
    fieldId === 'example' ||
    /^param:.+/.test(fieldId)
  );
}

/** The parts an existing comment already says (nothing when there is none). */
export function partsOfComment(doc: DocComment | undefined): DocParts {
  if (!doc) return { summary: '', description: '', params: [], throws: [], see: [] };
  const parts: DocParts = {
    summary: doc.summary,
    description: doc.description,
    params: doc.params.map((p) => ({ ...p })),
    throws: doc.throws.map((t) => ({ ...t })),
    see: [...doc.see],
  };
  if (doc.returns) parts.returns = { ...doc.returns };
  if (doc.examples[0] !== undefined) parts.example = doc.examples[0];
  if (doc.deprecated !== undefined) parts.deprecated = doc.deprecated;
  return parts;
}

const THROWS_ITEM = /^\s*[-*]\s+`+([^`]+)`+\s*:\s*([\s\S]*)$/;
// the type may span lines (`{{ results: …,\n unused: … }}`)
const TYPED_RETURN = /^`+([^`]+)`+\s*:\s*([\s\S]+)$/;

/**
 * A `throws` field as the product shows it (`- \`Type\`: text` per line, as `docFields` writes
 * it) read back into entries; free text is one entry without a type.
 */
export function throwsOfField(value: string): DocParts['throws'] {
  const lines = value.trim().split('\n');
  if (lines.length > 0 && lines.every((line) => THROWS_ITEM.test(line))) {
    return lines.map((line) => {
      const m = THROWS_ITEM.exec(line)!;
      return { type: m[1]!.trim(), description: m[2]!.trim() };
    });
  }
  return value.trim() ? [{ description: value.trim() }] : [];
}

/** A `returns` field (`\`type\`: text`, or text) read back into a type and a description. */
export function returnsOfField(value: string): NonNullable<DocParts['returns']> {
  const m = TYPED_RETURN.exec(value.trim());
  return m ? { type: m[1]!.trim(), description: m[2]!.trim() } : { description: value.trim() };
}

/** An `example` field without the Markdown fence around it. */
export function exampleOfField(value: string): string {
  const m = /^```[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(value.trim());
  return (m ? m[1]! : value).replace(/\s+$/, '');
}

/**
 * The comment an object gets: what it says now, with the chosen fields (`summary`,
 * `description`, `param:<name>`, `returns`, `throws`, `example`) put in their place. Parameters
 * follow `order` (the signature's), those the signature lacks stay after them.
 */
export function mergeParts(
  current: DocParts,
  fields: ReadonlyMap<string, string>,
  order: readonly string[],
): DocParts {
  const out: DocParts = {
    ...current,
    params: current.params.map((p) => ({ ...p })),
    throws: [...current.throws],
  };
  for (const [id, raw] of fields) {
    const value = raw.trim();
    if (id === 'summary') out.summary = value.replace(/\s+/g, ' ');
    else if (id === 'description') out.description = value;
    else if (id === 'returns') {
      if (value) out.returns = returnsOfField(value);
      else delete out.returns;
    } else if (id === 'throws') out.throws = throwsOfField(value);
    else if (id === 'example') {
      if (value) out.example = exampleOfField(value);
      else delete out.example;
    } else if (id.startsWith('param:')) {
      const name = id.slice('param:'.length);
      const description = value.replace(/\s+/g, ' ');
      const existing = out.params.find((p) => p.name === name);
      if (existing) existing.description = description;
      else out.params.push({ name, description });
    }
  }
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at === -1 ? order.length : at;
  };
  out.params = out.params
    .filter((p) => p.description !== '')
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p.name) - rank(b.p.name) || a.i - b.i)
    .map(({ p }) => p);
  return out;
}
