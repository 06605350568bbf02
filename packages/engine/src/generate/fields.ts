import type { CodeObject, ObjectKind } from '../model.ts';
import type { GeneratedDoc } from './docs.ts';

/**
 * The documentation template of an object as field ids, in display order: summary, description,
 * one `param:<name>` per signature parameter, returns, throws, example, notes. Every object has
 * every field; those that do not apply to its kind say so instead of staying empty.
 */
export function templateFieldIds(object: CodeObject): string[] {
  return [
    'summary',
    'description',
    // an unnamed parameter (`int` in a C prototype, `[]byte` in a Go interface) has no field:
    // no doc convention can name it
    ...object.parameters.filter((p) => p.name).map((p) => `param:${p.name}`),
    'returns',
    'throws',
    'example',
    'notes',
  ];
}

const CALLABLE = new Set<ObjectKind>(['function', 'method', 'constructor']);
const NEW_LANGUAGES = new Set(['typescript', 'tsx', 'javascript', 'java', 'csharp', 'php', 'cpp']);
const ARTICLE = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${text}${ticks}`;
}

function parentName(object: CodeObject): string | undefined {
  const dot = object.qualifiedName.lastIndexOf('.');
  return dot > 0 ? object.qualifiedName.slice(0, dot) : undefined;
}

function describeObject(object: CodeObject): string {
  const traits = [
    object.modifiers.exported ? 'exported' : '',
    object.modifiers.static ? 'static' : '',
    object.modifiers.async ? 'asynchronous' : '',
    object.modifiers.abstract ? 'abstract' : '',
  ].filter(Boolean);
  const noun = [...traits, object.kind].join(' ');
  const parent = parentName(object);
  const head = `${code(object.name)} is ${ARTICLE(noun)} ${noun}${parent ? ` of ${code(parent)}` : ''}`;
  if (!CALLABLE.has(object.kind)) return `${head}.`;
  const count = object.parameters.length;
  const takes =
    count === 0
      ? 'taking no parameters'
      : `taking ${count} parameter${count === 1 ? '' : 's'} (${object.parameters.map((p) => code(p.name || p.type || '_')).join(', ')})`;
  const returns = object.returnType ? ` and returning ${code(object.returnType)}` : '';
  return `${head} ${takes}${returns}.`;
}

function returnsText(object: CodeObject, doc: GeneratedDoc): string {
  if (object.kind === 'constructor') {
    return `A new ${code(parentName(object) ?? object.name)} instance.`;
  }
  if (!CALLABLE.has(object.kind))
    return `Not applicable to ${ARTICLE(object.kind)} ${object.kind}.`;
  if (!doc.returns) return 'Nothing: it returns no value.';
  return doc.returns.type && !doc.returns.description.includes(doc.returns.type)
    ? `${code(doc.returns.type)}: ${doc.returns.description}`
    : doc.returns.description;
}

function throwsText(object: CodeObject, doc: GeneratedDoc): string {
  if (doc.throws.length > 0) {
    return doc.throws.map((t) => `- ${code(t.type)}: ${t.description}`).join('\n');
  }
  if (!CALLABLE.has(object.kind))
    return `Not applicable to ${ARTICLE(object.kind)} ${object.kind}.`;
  return 'Nothing: the body throws no errors of its own.';
}

function exampleText(object: CodeObject, doc: GeneratedDoc, language: string): string {
  const body = doc.example ?? syntheticExample(object, language);
  return '```' + language + '\n' + body.trim() + '\n```';
}

function syntheticExample(object: CodeObject, language: string): string {
  const args = object.parameters
    .filter((p) => !(language === 'python' && (p.name === 'self' || p.name === 'cls')))
    .map((p) => p.name.replace(/^[*&$.]+/, '') || '_')
    .join(', ');
  const parent = parentName(object);
  const construct = (name: string) =>
    NEW_LANGUAGES.has(language) ? `new ${name}(${args})` : `${name}(${args})`;
  switch (object.kind) {
    case 'constructor':
      return construct(parent ?? object.name);
    case 'method':
      return object.modifiers.static && parent
        ? `${parent}.${object.name}(${args})`
        : `instance.${object.name}(${args})`;
    case 'function':
      return `${object.name}(${args})`;
    case 'class':
    case 'struct':
      return construct(object.name);
    default:
      return object.signature;
  }
}

function notesText(object: CodeObject, doc: GeneratedDoc, filePath: string): string {
  const { startLine, endLine } = object.range;
  const lines = startLine === endLine ? `line ${startLine}` : `lines ${startLine}–${endLine}`;
  const notes = [...doc.notes];
  if (object.decorators.length > 0) {
    notes.push(`Decorated with ${object.decorators.map(code).join(', ')}.`);
  }
  notes.push(`Defined in ${code(filePath)}, ${lines}.`);
  return notes.map((n) => `- ${n}`).join('\n');
}

/**
 * The generated doc as field values (markdown), one per template field and none empty: what the
 * generator could not say from the code is stated plainly (for example that a class has no
 * return value) rather than left blank, so a reader can tell "nothing to say" from "not written".
 */
export function docFields(
  object: CodeObject,
  doc: GeneratedDoc,
  context: { filePath: string; language: string },
): Map<string, string> {
  const fields = new Map<string, string>();
  fields.set('summary', doc.summary);
  fields.set('description', doc.description || describeObject(object));
  for (const p of object.parameters) {
    if (!p.name) continue;
    const documented = doc.parameters.find((d) => d.name === p.name);
    fields.set(`param:${p.name}`, documented?.description || `The ${p.name} value.`);
  }
  fields.set('returns', returnsText(object, doc));
  fields.set('throws', throwsText(object, doc));
  fields.set('example', exampleText(object, doc, context.language));
  fields.set('notes', notesText(object, doc, context.filePath));
  return fields;
}
