import { cleandoc } from '../doc-comments/strip.ts';
import type { CodeObject } from '../model.ts';
import type { ConvertContext } from './context.ts';
import { pythonStringText } from './python.ts';

/** `Annotated[`, also `typing.Annotated[` or `t.Annotated[`. */
const ANNOTATED = /^(?:[\w.]+\.)?Annotated\s*\[/;
/** `Doc(` of typing_extensions, annotated_doc or a module alias (`te.Doc(`). */
const DOC_CALL = /^(?:[\w.]+\.)?Doc\s*\(/;

/**
 * The Annotated parameter docs of a Python file's functions (readAnnotatedDocsOf), read once its
 * code hashes are made: a container's hash counts each nested object as its signature, which
 * stays the signature as written (as extract.c's hashes have it), so no stored hash changes.
 */
export function readAnnotatedDocs(ctx: ConvertContext): void {
  for (const object of ctx.objects)
    if (object.kind === 'function' || object.kind === 'method' || object.kind === 'constructor')
      readAnnotatedDocsOf(ctx, object);
}

/**
 * Parameter docs written in the signature, `name: Annotated[str, Doc("The name.")]` (PEP 727,
 * as FastAPI documents every public parameter): each becomes the parameter's `description` (not
 * the docstring's: write-back would write it into the docstring), and the parameter's type and
 * the signature are shown without the Doc call (`str`, or `Annotated[…]` with the other
 * metadata). Read from the source (the def's parameter list), so the strings keep line breaks.
 */
function readAnnotatedDocsOf(ctx: ConvertContext, object: CodeObject): void {
  if (!object.signature.includes('Doc')) return;
  const start = ctx.offsets.get(object)?.[0];
  if (start === undefined) return;
  const open = ctx.source.indexOf('(', start);
  if (open === -1) return;
  const close = closing(ctx.source, open);
  if (close === -1) return;
  for (const chunk of splitTopLevel(ctx.source.slice(open + 1, close))) {
    const m = /^\s*\*{0,2}(\w+)\s*:\s*/.exec(chunk);
    if (!m) continue;
    const annotation = splitTopLevel(chunk.slice(m[0].length), '=')[0]!.trim();
    const bracket = ANNOTATED.exec(annotation);
    if (!bracket || !annotation.endsWith(']')) continue;
    const args = splitTopLevel(annotation.slice(bracket[0].length, -1)).map((a) => a.trim());
    const docs = args.slice(1).filter((a) => DOC_CALL.test(a));
    if (!docs.length) continue;
    const kept = args.filter((a, i) => a && (i === 0 || !DOC_CALL.test(a)));
    const type = collapse(kept.length === 1 ? kept[0]! : `${bracket[0]}${kept.join(', ')}]`);
    const parameter = object.parameters.find((p) => p.name === m[1]);
    if (!parameter) continue;
    if (parameter.type) object.signature = object.signature.replace(parameter.type, type);
    parameter.type = type;
    const description = docs.map(docText).filter(Boolean).join('\n\n');
    if (description) parameter.description = description;
  }
}

/** The text of a `Doc("…")` call: its string literals, concatenated, then cleaned as docstrings. */
function docText(call: string): string {
  const inner = call.slice(call.indexOf('(') + 1, call.lastIndexOf(')'));
  let text = '';
  for (const m of inner.matchAll(/[rRuU]?("""|'''|"|')(?:\\[\s\S]|(?!\1)[^\\])*\1/g))
    text += pythonStringText(m[0]) ?? '';
  return cleandoc(text).trim();
}

const collapse = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/([[(])\s/g, '$1')
    .replace(/\s*,?\s*([\])])/g, '$1')
    .trim();

/** The index of the bracket closing the one at `open` (strings skipped), or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '#') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The index of the last quote of the string literal starting at `at`. */
function stringEnd(text: string, at: number): number {
  const quote = text.startsWith(text[at]!.repeat(3), at) ? text[at]!.repeat(3) : text[at]!;
  for (let i = at + quote.length; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(quote, i)) return i + quote.length - 1;
  }
  return text.length;
}

/** `text` cut at the `separator`s outside brackets and strings. */
function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && c === separator && text[i + 1] !== '=' && text[i - 1] !== '=') {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}
