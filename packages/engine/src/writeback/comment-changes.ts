import type { DocComment } from '../model.ts';
import { exampleOfField, returnsOfField, throwsOfField } from './doc-parts.ts';
import type { FieldChanges } from './field-edit.ts';

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const bareName = (name: string) => name.replace(/^(\.\.\.|\*{1,2}|&|\$)+/, '');

const paramOf = (doc: DocComment, name: string) =>
  doc.params.find((p) => p.name === name || bareName(p.name) === bareName(name));

/**
 * Whether the comment already says field `id`: what a write may add only where it is missing
 * (a generated field the person accepts).
 */
export function commentHas(doc: DocComment | undefined, id: string): boolean {
  if (!doc) return false;
  if (id === 'summary') return doc.summary.trim() !== '';
  if (id === 'description') return doc.description.trim() !== '';
  if (id === 'returns') return (doc.returns?.description.trim() ?? '') !== '';
  if (id === 'throws') return doc.throws.length > 0;
  if (id === 'example') return doc.examples.some((e) => e.trim() !== '');
  if (id.startsWith('param:'))
    return (paramOf(doc, id.slice('param:'.length))?.description.trim() ?? '') !== '';
  return false;
}

/**
 * Whether `value` (a field as the product holds it: `docFields`' shapes) says what the comment
 * says, as its reader reads it: whitespace aside, and a `returns` type or a `throws` list's
 * marks aside. A field written back as read is no change.
 */
export function sameAsComment(doc: DocComment | undefined, id: string, value: string): boolean {
  const text = collapse(value);
  if (!doc) return text === '';
  if (id === 'summary') return text === collapse(doc.summary);
  if (id === 'description') return text === collapse(doc.description);
  if (id === 'returns') {
    const said = collapse(doc.returns?.description ?? '');
    return text === said || collapse(returnsOfField(value).description) === said;
  }
  if (id === 'throws') {
    // one entry per type, as the product holds them (generateDoc keeps one of a type)
    const types = new Set(doc.throws.map((t) => t.type ?? 'Error'));
    const entries = throwsOfField(value);
    if (entries.length === 0) return doc.throws.length === 0;
    const given = new Map(entries.map((e) => [e.type ?? 'Error', collapse(e.description)]));
    if (given.size !== types.size) return false;
    return [...given].every(([type, text]) =>
      doc.throws.some((t) => (t.type ?? 'Error') === type && collapse(t.description) === text),
    );
  }
  if (id === 'example') return exampleOfField(value).trim() === (doc.examples[0] ?? '').trim();
  if (id.startsWith('param:'))
    return text === collapse(paramOf(doc, id.slice('param:'.length))?.description ?? '');
  return true;
}

/**
 * What an edit changes in an existing comment: the fields whose value differs from what the
 * comment says (empty values never: a write never empties a field of the author's).
 */
export function changesOf(
  doc: DocComment,
  fields: ReadonlyMap<string, string>,
  order: readonly string[],
  paramTypes: ReadonlyMap<string, string>,
): { changes: FieldChanges; ids: string[] } {
  const changes: FieldChanges = { params: [] };
  const ids: string[] = [];
  for (const [id, value] of fields) {
    if (value.trim() === '' || sameAsComment(doc, id, value)) continue;
    ids.push(id);
    if (id === 'summary') changes.summary = collapse(value);
    else if (id === 'description') changes.description = value.trim();
    else if (id === 'returns') changes.returns = returnsOfField(value);
    else if (id === 'throws') changes.throws = throwsOfField(value);
    else if (id === 'example') changes.example = exampleOfField(value);
    else if (id.startsWith('param:')) {
      const name = id.slice('param:'.length);
      const type = paramOf(doc, name)?.type ?? paramTypes.get(name.replace(/^\$/, ''));
      changes.params.push({
        name: paramOf(doc, name)?.name ?? name,
        ...(type && { type }),
        description: collapse(value),
      });
    }
  }
  const rank = (name: string) => {
    const at = order.findIndex((n) => bareName(n) === bareName(name));
    return at === -1 ? order.length : at;
  };
  changes.params.sort((a, b) => rank(a.name) - rank(b.name));
  return { changes, ids };
}
