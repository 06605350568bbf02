import type { CodeObject, ObjectKind } from '../model.ts';
import { documentedParameters, type GeneratedDoc } from './docs.ts';
import { fillerIn } from './filler.ts';

const CALLABLE = new Set<ObjectKind>(['function', 'method', 'constructor']);

/**
 * The documentation template of an object as field ids, in display order: summary, description,
 * one `param:<name>` per documented parameter (receivers and unnamed ones have none), returns
 * and throws for what can be called (a constructor returns nothing of its own), example, notes.
 */
export function templateFieldIds(object: CodeObject): string[] {
  const callable = CALLABLE.has(object.kind);
  return [
    'summary',
    'description',
    ...documentedParameters(object).map((p) => `param:${p.name}`),
    ...(callable && object.kind !== 'constructor' ? ['returns'] : []),
    ...(callable ? ['throws'] : []),
    'example',
    'notes',
  ];
}

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${text}${ticks}`;
}

function returnsText(doc: GeneratedDoc): string {
  if (!doc.returns?.description) return '';
  return doc.returns.type && !doc.returns.description.includes(doc.returns.type)
    ? `${code(doc.returns.type)}: ${doc.returns.description}`
    : doc.returns.description;
}

/** The notes the doc itself holds (deprecation); file, lines and decorators are on the page. */
function notesText(doc: GeneratedDoc): string {
  return doc.notes.map((n) => `- ${n}`).join('\n');
}

/** Where a generated example was taken from, linked when the caller can link to the file. */
function exampleText(
  doc: GeneratedDoc,
  language: string,
  linkTo?: (path: string, line: number) => string | null,
): string {
  if (!doc.example) return '';
  const block = '```' + language + '\n' + doc.example.trim() + '\n```';
  if (!doc.exampleFrom) return block;
  const { path, line } = doc.exampleFrom;
  const url = linkTo?.(path, line);
  const where = `${code(path)}, line ${line}`;
  return `${block}\n\nFrom ${url ? `[${where}](${url})` : where}.`;
}

/** Drops the sentences of a derived text that only restate the object's name or types. */
export function withoutFiller(object: CodeObject, text: string): string {
  const filler = fillerIn(text, object);
  if (!filler.length) return text;
  let out = text;
  for (const sentence of filler) out = out.replace(sentence, '');
  return out
    .replace(/^\s*[-*]\s*$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The generated doc as field values (markdown), one per template field. A field the author
 * did not write and the code gives no fact for is '' — shown as "needs a writer" — never a
 * sentence that restates the name or a type. Derived text goes through the filler check.
 */
export function docFields(
  object: CodeObject,
  doc: GeneratedDoc,
  context: {
    filePath: string;
    language: string;
    linkTo?: (path: string, line: number) => string | null;
  },
): Map<string, string> {
  const fields = new Map<string, string>();
  const ids = new Set(templateFieldIds(object));
  const from = new Set(doc.fromComment);
  const derived = (id: string, text: string) => (from.has(id) ? text : withoutFiller(object, text));
  fields.set('summary', derived('summary', doc.summary));
  fields.set('description', derived('description', doc.description));
  for (const p of doc.parameters) {
    const id = `param:${p.name}`;
    if (ids.has(id)) fields.set(id, derived(id, p.description));
  }
  if (ids.has('returns')) fields.set('returns', derived('returns', returnsText(doc)));
  if (ids.has('throws'))
    fields.set('throws', doc.throws.map((t) => `- ${code(t.type)}: ${t.description}`).join('\n'));
  fields.set('example', exampleText(doc, context.language, context.linkTo));
  fields.set('notes', notesText(doc));
  return new Map([...ids].map((id) => [id, fields.get(id) ?? '']));
}
