import type { Node } from '../parse/flat-tree.ts';
import { parseDocstring } from '../doc-comments/docstring.ts';
import { goDocText } from '../doc-comments/go-doc.ts';
import { markdownFromHtml } from '../doc-comments/html.ts';
import { stripCommentMarkers } from '../doc-comments/strip.ts';
import { parseTaggedComment } from '../doc-comments/tagged.ts';
import { parseMarkdownDoc, parseXmlDoc } from '../doc-comments/xml.ts';
import type { DocComment } from '../model.ts';
import type { LanguageRules } from './generic-rules.ts';
import { commentsAbove, isEmptyComment, namedKids, previousOf } from './nodes.ts';

const BODY_FIELDS = ['body', 'members'];
const BODY_TYPES = [
  'block',
  'class_body',
  'declaration_list',
  'field_declaration_list',
  'compound_statement',
  'function_body',
  'enum_body',
  'interface_body',
  'template_body',
  'statement_block',
  'body_statement',
  'protocol_body',
  'enum_class_body',
];

/** The body node of a declaration, wherever the grammar keeps it. */
export function bodyOf(node: Node): Node | undefined {
  for (const field of BODY_FIELDS) {
    const body = node.childForFieldName(field);
    if (body) return body;
  }
  return namedKids(node).find((c) => BODY_TYPES.includes(c.type));
}

/** The node a doc comment sits above: the declaration, or the wrapper holding it alone. */
function declarationAnchor(node: Node): Node {
  let anchor = node;
  // C++'s `explicit operator bool() const { … }`: the conversion is inside its definition
  if (node.type === 'operator_cast' && node.parent && node.parent.type !== 'template_declaration')
    anchor = node.parent;
  while (
    anchor.parent &&
    [
      'template_declaration',
      'type_declaration',
      'const_declaration',
      'decorated_definition',
      'export_statement',
      // C++'s `extern "C" void f(void);`, documented above the `extern`
      'linkage_specification',
      // and a hidden friend, above the `friend`
      'friend_declaration',
    ].includes(anchor.parent.type) &&
    // (comments inside, such as what attribute macros become, do not count)
    namedKids(anchor.parent).filter((c) => !c.type.endsWith('comment')).length <= 3
  ) {
    anchor = anchor.parent;
  }
  // C: `static struct Pool {…} pool;` and `typedef struct Pool {…} Pool;` are documented as a
  // whole, above the declaration that holds the struct
  if (
    (anchor.parent?.type === 'declaration' ||
      anchor.parent?.type === 'type_definition' ||
      anchor.parent?.type === 'field_declaration') &&
    anchor.parent.childForFieldName('type')?.id === anchor.id
  )
    anchor = anchor.parent;
  // Ruby: `private def x`, `ruby2_keywords def x` (a call taking the method as its first
  // argument) and `module X end if cond`: the comment sits above the whole statement
  for (;;) {
    const parent = anchor.parent;
    if (
      parent?.type === 'argument_list' &&
      parent.parent?.type === 'call' &&
      parent.namedChild(0)?.id === anchor.id
    )
      anchor = parent.parent;
    else if (
      (parent?.type === 'if_modifier' || parent?.type === 'unless_modifier') &&
      parent.namedChild(0)?.id === anchor.id
    )
      anchor = parent;
    else return anchor;
  }
}

/** A grouped spec's own comments, else its group's (`always`, or for a `lone` unparenthesised spec). */
function groupedComments(node: Node, mode: 'always' | 'lone', adjacent: boolean): Node[] {
  const own = commentsAbove(node, { adjacent });
  const group = node.parent;
  if (own.length || !group) return own;
  if (mode === 'lone' && namedKids(group).length > 1) return own;
  if (mode === 'lone' && group.children.some((c) => c?.type === '(')) return own;
  return commentsAbove(group, { adjacent });
}

/**
 * The `///` doc lines (Doxygen, Swift, Java 23's Markdown comments) right above a declaration:
 * the unbroken run of them that ends on the line before it. A `////…` banner, another comment or
 * a blank line ends the run, so a section header further up is no doc.
 */
function lineDocsAbove(comments: Node[], anchor: Node, marker = /^\/\/\/(?!\/)/): Node[] {
  const out: Node[] = [];
  let line = anchor.startPosition.row;
  // (empty comments between the run and the declaration are stepped over: see commentsAbove)
  for (let s = previousOf(anchor); s && isEmptyComment(s); s = previousOf(s))
    line = s.startPosition.row;
  for (let i = comments.length - 1; i >= 0; i--) {
    const comment = comments[i]!;
    if (!marker.test(comment.text) || comment.endPosition.row < line - 1) break;
    out.unshift(comment);
    line = comment.startPosition.row;
  }
  return out;
}

/** Reads the doc comment above a declaration in the language's own convention. */
export function readDoc(node: Node, rules: LanguageRules): DocComment | undefined {
  if (rules.doc === 'none') return undefined;
  const grouped = rules.groupDocs?.[node.type];
  const anchor = declarationAnchor(node);
  let comments = grouped
    ? groupedComments(node, grouped, !rules.docAcrossBlankLines)
    : commentsAbove(anchor, {
        adjacent: !rules.docAcrossBlankLines,
        skip: rules.skipAbove ?? [],
      });
  // Ruby keeps a comment before the first statement of a class outside its body node
  if (
    !grouped &&
    !comments.length &&
    !anchor.previousSibling &&
    anchor.parent &&
    (BODY_TYPES.includes(anchor.parent.type) || anchor.parent.type === 'then')
  ) {
    // the whole adjacent block (it used to keep only its last line)
    comments = commentsAbove(anchor.parent, { adjacent: true });
  }
  // Kotlin's grammar ends the import list with the comment after it: a doc right below the
  // imports sits inside the list
  if (!grouped && !comments.length && anchor.previousSibling?.type === 'import_list') {
    let last: Node | undefined = anchor.previousSibling;
    while (last && !last.type.endsWith('comment')) last = namedKids(last).at(-1);
    if (last && last.endPosition.row >= anchor.startPosition.row - 1) comments = [last];
  }
  // Doxygen's `/** … */` above a blank line still documents what follows (C, C++)
  if (!grouped && !comments.length && rules.doxygenAcrossBlankLines) {
    const last = commentsAbove(anchor, { skip: rules.skipAbove ?? [] }).pop();
    if (last && /^\/\*[*!][^*/]/.test(last.text)) comments = [last];
  }
  const directives = rules.directives;
  if (directives) comments = comments.filter((c) => !directives.test(c.text));
  let picked: Node[];
  if (rules.doc === 'line') picked = comments.filter((c) => !c.text.startsWith('#!'));
  else if (rules.doc === 'xml') picked = comments.filter((c) => c.text.startsWith('///'));
  else if (rules.doc === 'rust')
    picked = comments.filter((c) => /^(\/\/\/[^/]|\/\/\/$|\/\*\*[^*])/.test(c.text));
  else {
    // javac takes any `/**` comment (a `/*****` banner too) but `/**/`
    const isDoc = rules.docAcrossBlankLines
      ? (c: Node) => /^\/\*\*(?!\/)/.test(c.text)
      : (c: Node) => /^\/\*\*[^*/]/.test(c.text);
    // javac: the last doc comment before the declaration, whatever comments follow it
    const last = rules.docAcrossBlankLines
      ? (comments.filter(isDoc).pop() ?? comments[comments.length - 1])
      : comments[comments.length - 1];
    if (last && isDoc(last)) picked = [last];
    // C code documents functions in plain block comments (`/* Frees the list. */`) as often as
    // in Doxygen's: right above the declaration, such a block is its doc
    else if (last && rules.plainBlockDocs && /^\/\*(?!\*\/)/.test(last.text)) picked = [last];
    // C++ code documents in `//` lines as often (Google's and Chromium's style): the unbroken
    // run of them right above the declaration
    else if (last && rules.plainLineDocs && /^\/\/(?![/!])/.test(last.text))
      picked = lineDocsAbove(comments, anchor, /^\/\/(?![/!])/);
    // `///` doc lines (Doxygen, Swift, Java 23's Markdown comments), never a `////…` banner
    else picked = lineDocsAbove(comments, anchor);
  }
  // rustdoc also reads the `//!` lines (or `/*! */`) that open a module's body as its docs
  if (rules.doc === 'rust' && node.type === 'mod_item') picked = [...picked, ...innerDocs(node)];
  if (!picked.length) return undefined;
  // tree-sitter-rust's line comments end with their newline: joined as they are, every line
  // break of a `///` doc would be doubled (each line its own paragraph)
  const stripped = stripCommentMarkers(picked.map((c) => c.text.replace(/\r?\n$/, '')).join('\n'));
  const text = rules.unicodeEscapes ? javaUnicodeEscapes(stripped) : stripped;
  if (!text) return undefined;
  if (rules.docFormat === 'xml') return parseXmlDoc(text);
  if (rules.docFormat === 'markdown' && rules.sentenceSummary) {
    // Go: read from the comments as go/doc does (code blocks kept), the text as stripped
    const doc = parseMarkdownDoc(goDocText(picked.map((c) => c.text)), { firstSentence: true });
    doc.text = text;
    return doc;
  }
  if (rules.docFormat === 'markdown') {
    // Swift's `- Parameter x:` lists read like Google-style sections
    return /^\s*-\s*(Parameters?|Returns|Throws)\b/m.test(text)
      ? parseSwiftDoc(text)
      : parseMarkdownDoc(text, { firstSentence: rules.sentenceSummary === true });
  }
  const doc = parseTaggedComment(text, {
    yard: rules.yard === true,
    indentedCode: rules.sentenceSummary !== true,
  });
  if (rules.sentenceSummary) {
    javadocSummary(doc);
    markdownFromHtml(doc);
  }
  return doc;
}

/** The inner doc comments (`//!` lines, `/*!` blocks) that open a Rust module's body, in order. */
function innerDocs(node: Node): Node[] {
  const body = node.childForFieldName('body');
  const out: Node[] = [];
  for (const child of body ? namedKids(body) : []) {
    if (!child.type.endsWith('comment') || !/^(\/\/!|\/\*!)/.test(child.text)) break;
    out.push(child);
  }
  return out;
}

/**
 * Java translates `\uXXXX` escapes before it reads anything, comments included, so `\u005Cu002D`
 * reads `\u002D` in the rendered doc. A backslash escaped by another is no escape.
 */
function javaUnicodeEscapes(text: string): string {
  if (!text.includes('\\u')) return text;
  return text.replace(
    /(?<!\\)((?:\\\\)*)\\u+([0-9a-fA-F]{4})/g,
    (_all, pairs: string, hex: string) => pairs + String.fromCharCode(parseInt(hex, 16)),
  );
}

/** `{@code x}`, `{@link Type#member label}` and HTML tags read as the text a reader sees. */
export function javadocText(text: string): string {
  return text
    .replace(/\{@(?:link|linkplain)\s+([^\s}]+)\s+([^}]+)\}/g, '$2')
    .replace(/\{@(?:link|linkplain)\s+([^}]+)\}/g, (_all, target: string) =>
      target.replace(/^#/, '').replace('#', '.'),
    )
    .replace(/\{@(?:code|literal|value)\s*([^}]*)\}/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Javadoc's summary: the first sentence of the main description (up to the first period followed
 * by white space and no lower-case word), as text; the rest of the first paragraph goes back to the description.
 */
function javadocSummary(doc: DocComment): void {
  const paragraph = doc.summary;
  if (!paragraph) return;
  // like Java's sentence BreakIterator: `e.g. one` goes on, `done. Next` and `done.` end
  const end = /\.(?=\s+[^a-z\s]|\s*$)/.exec(paragraph);
  const first = end ? paragraph.slice(0, end.index + 1) : paragraph;
  const rest = end ? paragraph.slice(end.index + 1).trim() : '';
  doc.summary = javadocText(first);
  if (rest) doc.description = doc.description ? `${rest}\n\n${doc.description}` : rest;
}

function parseSwiftDoc(text: string): DocComment {
  const doc = parseDocstring(
    text
      .replace(
        /^\s*-\s*Parameters?\s*(\w+)?:\s*(.*)$/gm,
        (_all, name: string | undefined, rest: string) => (name ? `:param ${name}: ${rest}` : ''),
      )
      .replace(/^\s*-\s*(\w+):\s*(.*)$/gm, (_all, name: string, rest: string) =>
        name === 'Returns'
          ? `:returns: ${rest}`
          : name === 'Throws'
            ? `:raises: ${rest}`
            : `:param ${name}: ${rest}`,
      ),
  );
  doc.text = text;
  return doc;
}
