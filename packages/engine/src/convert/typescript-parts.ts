import type { Node } from 'web-tree-sitter';
import { stripCommentMarkers } from '../doc-comments/strip.ts';
import { parseTaggedComment } from '../doc-comments/tagged.ts';
import type { CodeObject, DocComment, Parameter } from '../model.ts';
import { commentsAbove, fieldText, hasToken, kids, namedKids, typeText } from './nodes.ts';

/** Statements that wrap a declaration without changing what it is. */
export const WRAPPERS = new Set(['export_statement', 'ambient_declaration']);

/** The node whose leading comment is the declaration's doc (outside `export`/`declare`). */
export function outerOf(node: Node): Node {
  let outer = node;
  while (outer.parent && WRAPPERS.has(outer.parent.type)) outer = outer.parent;
  return outer;
}

/** TypeScript attaches the nearest `/** … *\/` comment above a declaration; so do we. */
export function readDoc(node: Node): DocComment | undefined {
  const comments = commentsAbove(outerOf(node), { skip: ['decorator'] });
  for (let i = comments.length - 1; i >= 0; i--) {
    const text = comments[i]!.text;
    if (text.startsWith('/**') && text !== '/**/') {
      return parseTaggedComment(stripCommentMarkers(text));
    }
  }
  return undefined;
}

export function decoratorsOf(node: Node): string[] {
  const found = kids(node).filter((c) => c.type === 'decorator');
  let sibling = node.previousSibling;
  while (sibling?.type === 'decorator') {
    found.unshift(sibling);
    sibling = sibling.previousSibling;
  }
  if (node.parent?.type === 'export_statement') {
    found.unshift(...kids(node.parent).filter((c) => c.type === 'decorator'));
  }
  return found.map((d) => d.text.replace(/\s+/g, ' '));
}

/** Parameters of a formal_parameters node, TypeScript and JavaScript forms alike. */
export function readParameters(list: Node | null): Parameter[] {
  if (!list) return [];
  const out: Parameter[] = [];
  for (const p of namedKids(list)) {
    if (p.type === 'comment' || p.type === 'decorator') continue;
    let pattern: Node | null = p;
    let type: string | undefined;
    let value: string | undefined;
    const optional = p.type === 'optional_parameter' || hasToken(p, '?');
    if (p.type === 'required_parameter' || p.type === 'optional_parameter') {
      pattern = p.childForFieldName('pattern');
      type = typeText(p.childForFieldName('type'));
      value = fieldText(p, 'value');
    } else if (p.type === 'assignment_pattern') {
      pattern = p.childForFieldName('left');
      value = fieldText(p, 'right');
    }
    if (!pattern) continue;
    let rest = false;
    let name = pattern.text;
    if (pattern.type === 'rest_pattern') {
      rest = true;
      name = pattern.text.replace(/^\.\.\.\s*/, '');
    }
    const param: Parameter = { name, rest, optional: optional || value !== undefined };
    if (type !== undefined) param.type = type;
    if (value !== undefined) param.default = value;
    out.push(param);
  }
  return out;
}

export function visibility(node: Node): CodeObject['modifiers']['visibility'] {
  const mod = kids(node).find((c) => c.type === 'accessibility_modifier')?.text;
  if (mod === 'public' || mod === 'private' || mod === 'protected') return mod;
  const name = node.childForFieldName('name');
  if (name?.type === 'private_property_identifier') return 'private';
  return undefined;
}

export function isExported(node: Node): boolean {
  if (node.parent?.type === 'export_statement') return true;
  let p = node.parent;
  while (
    p &&
    (p.type === 'lexical_declaration' || p.type === 'variable_declaration' || WRAPPERS.has(p.type))
  ) {
    if (p.type === 'export_statement') return true;
    p = p.parent;
  }
  return false;
}
