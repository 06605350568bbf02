import type { DocComment } from '../model.ts';
import { emptyDoc, splitSummary } from './tagged.ts';

const tagText = (s: string) =>
  s
    .replace(/<see\s+cref="([^"]*)"\s*\/>/g, '$1')
    .replace(/<paramref\s+name="([^"]*)"\s*\/>/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Parses C# XML documentation comments (`/// <summary>…`). */
export function parseXmlDoc(text: string): DocComment {
  const doc = emptyDoc(text);
  const summary = /<summary>([\s\S]*?)<\/summary>/.exec(text);
  const remarks = /<remarks>([\s\S]*?)<\/remarks>/.exec(text);
  splitSummary(doc, summary ? tagText(summary[1]!) : tagText(text));
  if (remarks) doc.description = tagText(remarks[1]!);
  for (const m of text.matchAll(/<param\s+name="([^"]*)"\s*>([\s\S]*?)<\/param>/g)) {
    doc.params.push({ name: m[1]!, description: tagText(m[2]!) });
  }
  const returns = /<returns>([\s\S]*?)<\/returns>/.exec(text);
  if (returns) doc.returns = { description: tagText(returns[1]!) };
  for (const m of text.matchAll(/<exception\s+cref="([^"]*)"\s*>([\s\S]*?)<\/exception>/g)) {
    doc.throws.push({ type: m[1]!, description: tagText(m[2]!) });
  }
  for (const m of text.matchAll(/<example>([\s\S]*?)<\/example>/g)) {
    doc.examples.push(m[1]!.replace(/<\/?code>/g, '').trim());
  }
  for (const m of text.matchAll(/<seealso\s+cref="([^"]*)"/g)) doc.see.push(m[1]!);
  return doc;
}

/**
 * Parses Markdown doc comments with `# Section` headings (Rust `///`): Examples, Errors,
 * Panics, Arguments. Plain comments (Go) come out as summary + description.
 */
export function parseMarkdownDoc(text: string): DocComment {
  const doc = emptyDoc(text);
  const parts = text.split(/^#+\s+(.+)$/m);
  splitSummary(doc, parts[0] ?? '');
  for (let i = 1; i < parts.length; i += 2) {
    const title = parts[i]!.trim().toLowerCase();
    const body = (parts[i + 1] ?? '').trim();
    if (title.startsWith('example')) {
      for (const m of body.matchAll(/```[^\n]*\n([\s\S]*?)```/g)) doc.examples.push(m[1]!.trim());
    } else if (title === 'errors' || title === 'panics') {
      doc.throws.push({ description: body.replace(/\s+/g, ' ') });
    } else if (title === 'arguments' || title === 'parameters') {
      for (const m of body.matchAll(/^\s*[*-]\s+`?(\w+)`?\s*[-:–]\s*(.+)$/gm)) {
        doc.params.push({ name: m[1]!, description: m[2]!.trim() });
      }
    } else if (title === 'returns') {
      doc.returns = { description: body.replace(/\s+/g, ' ') };
    } else {
      doc.description = [doc.description, `# ${parts[i]}\n${body}`].filter(Boolean).join('\n\n');
    }
  }
  const deprecated = /^Deprecated:\s*(.+)$/m.exec(text);
  if (deprecated) doc.deprecated = deprecated[1]!.trim();
  return doc;
}
