import type { Node } from '../parse/flat-tree.ts';
import { stripCommentMarkers } from '../doc-comments/strip.ts';
import { parseTaggedComment } from '../doc-comments/tagged.ts';
import type { CodeObject, DocComment, Parameter } from '../model.ts';
import { parameter } from './context.ts';
import {
  commentsAbove,
  fieldText,
  hasToken,
  kids,
  namedKids,
  parentOf,
  previousOf,
  typeOf,
  typeText,
} from './nodes.ts';

/** Statements that wrap a declaration without changing what it is. */
export const WRAPPERS = new Set(['export_statement', 'ambient_declaration']);

/** The node whose leading comment is the declaration's doc (outside `export`/`declare`). */
export function outerOf(node: Node): Node {
  let outer = node;
  for (let p = parentOf(outer); p && WRAPPERS.has(typeOf(p)); p = parentOf(p)) outer = p;
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
  const found = kids(node).filter((c) => typeOf(c) === 'decorator');
  let sibling = previousOf(node);
  while (sibling && typeOf(sibling) === 'decorator') {
    found.unshift(sibling);
    sibling = previousOf(sibling);
  }
  const parent = parentOf(node);
  if (parent && typeOf(parent) === 'export_statement') {
    found.unshift(...kids(parent).filter((c) => typeOf(c) === 'decorator'));
  }
  return found.map((d) => d.text.replace(/\s+/g, ' '));
}

/** Parameters of a formal_parameters node, TypeScript and JavaScript forms alike. */
export function readParameters(list: Node | null): Parameter[] {
  if (!list) return [];
  const out: Parameter[] = [];
  for (const p of namedKids(list)) {
    const kind = typeOf(p);
    if (kind === 'comment' || kind === 'decorator') continue;
    let pattern: Node | null = p;
    let type: string | undefined;
    let value: string | undefined;
    const optional = kind === 'optional_parameter' || hasToken(p, '?');
    if (kind === 'required_parameter' || kind === 'optional_parameter') {
      pattern = p.childForFieldName('pattern');
      type = typeText(p.childForFieldName('type'));
      value = fieldText(p, 'value');
    } else if (kind === 'assignment_pattern') {
      pattern = p.childForFieldName('left');
      value = fieldText(p, 'right');
    }
    if (!pattern) continue;
    let rest = false;
    let name = pattern.text;
    if (typeOf(pattern) === 'rest_pattern') {
      rest = true;
      name = pattern.text.replace(/^\.\.\.\s*/, '');
    }
    out.push(parameter(name, rest, optional || value !== undefined, type, value));
  }
  return out;
}

/**
 * Whether a declaration has a modifier keyword (`static`, `abstract`) among its children; types
 * are read through typeOf since visibility and decoratorsOf ask the same children.
 */
export function hasModifier(node: Node, keyword: string): boolean {
  return kids(node).some((child) => typeOf(child) === keyword);
}

export function visibility(node: Node): CodeObject['modifiers']['visibility'] {
  const mod = kids(node).find((c) => typeOf(c) === 'accessibility_modifier')?.text;
  if (mod === 'public' || mod === 'private' || mod === 'protected') return mod;
  const name = node.childForFieldName('name');
  if (name?.type === 'private_property_identifier') return 'private';
  return undefined;
}

export function isExported(node: Node): boolean {
  for (let p = parentOf(node); p; p = parentOf(p)) {
    const type = typeOf(p);
    if (type === 'export_statement') return true;
    if (type !== 'lexical_declaration' && type !== 'variable_declaration' && !WRAPPERS.has(type))
      return false;
  }
  return false;
}
