import type { DocComment } from '../model.ts';
import { htmlToMarkdown } from './html.ts';
import { emptyDoc, splitSummary } from './tagged.ts';

/** `T:Ns.Type` / `M:Ns.Type.Method(System.Int32)` → `Type.Method`: the name a reader knows. */
const crefName = (cref: string) =>
  cref
    .replace(/^[A-Z]:/, '')
    .replace(/\(.*$/, '')
    .split('.')
    .slice(-2)
    .join('.')
    .replace(/^System\./, '');

/** The inline XML of C# docs as markdown: `<see cref>`, `<paramref>`, `<c>`, `<code>`, `<para>`, lists. */
export function xmlText(s: string, inline = true): string {
  const markdown = htmlToMarkdown(
    s
      .replace(
        /<see\s+(?:cref|href|langword)="([^"]*)"\s*\/>/g,
        (_all, c: string) => `<code>${crefName(c)}</code>`,
      )
      .replace(/<see\s+(?:cref|href)="[^"]*"\s*>([\s\S]*?)<\/see>/g, '$1')
      .replace(/<(?:paramref|typeparamref)\s+name="([^"]*)"\s*\/>/g, '<code>$1</code>')
      .replace(/<c>([\s\S]*?)<\/c>/g, '<code>$1</code>')
      .replace(/<code>\s*\n([\s\S]*?)<\/code>/g, '<pre>$1</pre>')
      .replace(/<\/?para>/g, '<p>')
      .replace(/<item>\s*(?:<description>)?/g, '<li>')
      .replace(/(?:<\/description>\s*)?<\/item>/g, '</li>')
      .replace(/<list[^>]*>/g, '<ul>')
      .replace(/<\/list>/g, '</ul>'),
  );
  return inline ? markdown.replace(/\s*\n\s*/g, ' ') : markdown;
}

/** Parses C# XML documentation comments (`/// <summary>…`). */
export function parseXmlDoc(text: string): DocComment {
  const doc = emptyDoc(text);
  const summary = /<summary>([\s\S]*?)<\/summary>/.exec(text);
  const remarks = /<remarks>([\s\S]*?)<\/remarks>/.exec(text);
  splitSummary(doc, summary ? xmlText(summary[1]!, false) : xmlText(text, false));
  if (remarks)
    doc.description = [doc.description, xmlText(remarks[1]!, false)].filter(Boolean).join('\n\n');
  for (const m of text.matchAll(/<param\s+name="([^"]*)"\s*>([\s\S]*?)<\/param>/g)) {
    doc.params.push({ name: m[1]!, description: xmlText(m[2]!) });
  }
  const returns =
    /<returns>([\s\S]*?)<\/returns>/.exec(text) ?? /<value>([\s\S]*?)<\/value>/.exec(text);
  if (returns) doc.returns = { description: xmlText(returns[1]!) };
  for (const m of text.matchAll(/<exception\s+cref="([^"]*)"\s*>([\s\S]*?)<\/exception>/g)) {
    doc.throws.push({ type: crefName(m[1]!), description: xmlText(m[2]!) });
  }
  for (const m of text.matchAll(/<example>([\s\S]*?)<\/example>/g)) {
    const code = /<code>([\s\S]*?)<\/code>/.exec(m[1]!);
    doc.examples.push(
      htmlToMarkdown(`<pre>${(code ?? m)[1]!}</pre>`).replace(/^```\n|\n```$/g, ''),
    );
  }
  for (const m of text.matchAll(/<seealso\s+cref="([^"]*)"/g)) doc.see.push(crefName(m[1]!));
  return doc;
}

/** A Go doc link `[Name]`/`[pkg.Name]` as a code span; `[text]: url` definitions stay. */
const goLinks = (text: string) =>
  text
    .split(/(```[\s\S]*?(?:```|$))/)
    .map((part, i) => (i % 2 ? part : part.replace(/\[([\w.*]+)\](?![:(])/g, '`$1`')))
    .join('');

/** Rust's hidden doctest lines (`# use x;`) are not part of the example a reader sees. */
const rustExample = (code: string) =>
  code
    .split('\n')
    .filter((l) => !/^\s*#(?:\s|$)/.test(l))
    .join('\n')
    .trim();

/**
 * Parses Markdown doc comments with `# Section` headings (Rust `///`): Examples, Errors,
 * Panics, Safety, Arguments. Plain comments (Go) come out as summary + description; with
 * `firstSentence` (Go's synopsis rule) the summary is the first sentence.
 */
export function parseMarkdownDoc(
  text: string,
  options: { firstSentence?: boolean } = {},
): DocComment {
  const doc = emptyDoc(text);
  const source = options.firstSentence ? goLinks(text) : text;
  // headings inside a code fence are Rust comments or shell prompts, not sections
  const fences: string[] = [];
  const masked = source.replace(
    /```[\s\S]*?(?:```|$)/g,
    (block) => `\uE000${fences.push(block) - 1}\uE000`,
  );
  const unmask = (s: string) =>
    s.replace(/\uE000(\d+)\uE000/g, (_all, n: string) => fences[Number(n)]!);
  const parts = masked.split(/^#+\s+(.+)$/m).map(unmask);
  splitSummary(doc, parts[0] ?? '');
  if (options.firstSentence) {
    const end = /[.!?](?=\s|$)/.exec(doc.summary);
    if (end && end.index + 1 < doc.summary.length) {
      const rest = doc.summary.slice(end.index + 1).trim();
      doc.summary = doc.summary.slice(0, end.index + 1);
      doc.description = [rest, doc.description].filter(Boolean).join('\n\n');
    }
  }
  const notes: string[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const title = parts[i]!.trim().toLowerCase();
    const body = (parts[i + 1] ?? '').trim();
    if (title.startsWith('example')) {
      const blocks = [...body.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => rustExample(m[1]!));
      doc.examples.push(...blocks.filter(Boolean));
    } else if (title === 'errors' || title === 'panics') {
      doc.throws.push({
        type: title === 'panics' ? 'panic' : 'Err',
        description: body.replace(/\s+/g, ' '),
      });
    } else if (title === 'arguments' || title === 'parameters') {
      for (const m of body.matchAll(/^\s*[*-]\s+`?(\w+)`?\s*[-:–]\s*(.+)$/gm)) {
        doc.params.push({ name: m[1]!, description: m[2]!.trim() });
      }
    } else if (title === 'returns') {
      doc.returns = { description: body.replace(/\s+/g, ' ') };
    } else {
      notes.push(`# ${parts[i]!.trim()}\n\n${body}`);
    }
  }
  doc.description = [doc.description, ...notes].filter(Boolean).join('\n\n');
  const deprecated = /^Deprecated:\s*(.+)$/m.exec(text);
  if (deprecated) doc.deprecated = deprecated[1]!.trim();
  return doc;
}
