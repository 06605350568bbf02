import type { CodeObject } from '../model.ts';
import type { GeneratedDoc } from './docs.ts';

/**
 * Renders generated docs in the comment style the language expects, for write-back: Google
 * style docstrings for Python, TSDoc/JSDoc/Javadoc-like blocks elsewhere, XML docs for C#,
 * Markdown `///` for Rust and plain `//` for Go.
 */
export function renderDocComment(language: string, object: CodeObject, doc: GeneratedDoc): string {
  if (language === 'python') return renderGoogle(doc);
  if (language === 'csharp') return renderXml(doc);
  if (language === 'rust' || language === 'go' || language === 'swift')
    return renderMarkdown(language, object, doc);
  const lines = [doc.summary];
  if (doc.description) lines.push('', doc.description);
  const typed = language === 'javascript' || language === 'php';
  // unnamed parameters (C prototypes) cannot be named in a @param tag
  for (const p of doc.parameters.filter((d) => d.name)) {
    if (language === 'php') lines.push(`@param ${p.type ?? 'mixed'} $${p.name} ${p.description}`);
    else
      lines.push(
        `@param ${typed && p.type ? `{${p.type}} ` : ''}${p.name}${language === 'typescript' || language === 'tsx' ? ' -' : ''} ${p.description}`,
      );
  }
  const returnsTag = ['typescript', 'tsx', 'javascript'].includes(language)
    ? '@returns'
    : '@return';
  if (doc.returns)
    lines.push(
      `${returnsTag} ${typed && doc.returns.type ? `{${doc.returns.type}} ` : ''}${doc.returns.description}`,
    );
  for (const t of doc.throws)
    lines.push(
      `@throws ${typed || language !== 'typescript' ? t.type : `{@link ${t.type}}`} ${t.description}`,
    );
  if (doc.example) lines.push('@example', doc.example);
  for (const note of doc.notes)
    if (note.startsWith('Deprecated'))
      lines.push(`@deprecated ${note.replace(/^Deprecated:?\s*/, '')}`);
  return [
    '/**',
    ...lines.flatMap((l) => l.split('\n')).map((l) => (l ? ` * ${l}` : ' *')),
    ' */',
  ].join('\n');
}

function renderGoogle(doc: GeneratedDoc): string {
  // a multi-line text (a list of conditions) stays inside its item
  const item = (text: string) => text.split('\n').join('\n        ');
  const out = [doc.summary];
  if (doc.description) out.push('', doc.description);
  const params = doc.parameters.filter((p) => p.name && p.name !== 'self' && p.name !== 'cls');
  if (params.length) {
    out.push('', 'Args:');
    for (const p of params)
      out.push(`    ${p.name}${p.type ? ` (${p.type})` : ''}: ${item(p.description)}`);
  }
  if (doc.returns)
    out.push(
      '',
      'Returns:',
      `    ${doc.returns.type ? `${doc.returns.type}: ` : ''}${item(doc.returns.description)}`,
    );
  if (doc.throws.length) {
    out.push('', 'Raises:');
    for (const t of doc.throws) out.push(`    ${t.type}: ${item(t.description)}`);
  }
  if (doc.example) out.push('', 'Example:', ...doc.example.split('\n').map((l) => `    ${l}`));
  // no summary known: the docstring starts with what is
  while (out[0] === '') out.shift();
  return `"""${out.join('\n')}\n"""`;
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function renderXml(doc: GeneratedDoc): string {
  const out = [`<summary>${xmlEscape(doc.summary)}</summary>`];
  if (doc.description) out.push(`<remarks>${xmlEscape(doc.description)}</remarks>`);
  for (const p of doc.parameters.filter((d) => d.name))
    out.push(`<param name="${p.name}">${xmlEscape(p.description)}</param>`);
  if (doc.returns) out.push(`<returns>${xmlEscape(doc.returns.description)}</returns>`);
  for (const t of doc.throws)
    out.push(`<exception cref="${t.type}">${xmlEscape(t.description)}</exception>`);
  if (doc.example)
    out.push('<example><code>', ...doc.example.split('\n').map(xmlEscape), '</code></example>');
  return out
    .flatMap((l) => l.split('\n'))
    .map((l) => `/// ${l}`)
    .join('\n');
}

function renderMarkdown(language: string, object: CodeObject, doc: GeneratedDoc): string {
  const marker = language === 'go' ? '//' : '///';
  const out = [
    language === 'go' && !doc.summary.startsWith(object.name)
      ? `${object.name}: ${doc.summary}`
      : doc.summary,
  ];
  if (doc.description) out.push('', doc.description);
  // Go interface methods and C-like prototypes may leave parameters unnamed; Rust's `self` is
  // the receiver, not an argument
  const params = doc.parameters.filter(
    (p) => p.name && !(language === 'rust' && p.name === 'self'),
  );
  if (language === 'swift') {
    for (const p of params) out.push(`- Parameter ${p.name}: ${p.description}`);
    if (doc.returns) out.push(`- Returns: ${doc.returns.description}`);
  } else {
    if (params.length) out.push('', language === 'rust' ? '# Arguments' : 'Parameters:', '');
    for (const p of params) out.push(`* \`${p.name}\` - ${p.description}`);
    if (doc.returns)
      out.push('', language === 'rust' ? '# Returns' : 'Returns:', '', doc.returns.description);
    if (doc.throws.length)
      out.push(
        '',
        language === 'rust' ? '# Errors' : 'Errors:',
        '',
        ...doc.throws.map((t) => `* ${t.type}: ${t.description}`),
      );
    if (doc.example)
      out.push('', language === 'rust' ? '# Examples' : 'Example:', '', '```', doc.example, '```');
  }
  // a multi-line text (a list of conditions) keeps the marker on each of its lines
  return out
    .flatMap((l) => l.split('\n'))
    .map((l) => (l ? `${marker} ${l}` : marker))
    .join('\n');
}
