import type { Node } from 'web-tree-sitter';

/** Children without the nulls web-tree-sitter's typings allow. */
export function kids(node: Node): Node[] {
  return node.children.filter((child): child is Node => child !== null);
}

/** Named children without nulls. */
export function namedKids(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child !== null);
}

/** Text of a field, or undefined when absent. */
export function fieldText(node: Node, field: string): string | undefined {
  return node.childForFieldName(field)?.text;
}

/** Whether one of the node's direct children is the given (usually anonymous) token. */
export function hasToken(node: Node, ...tokens: string[]): boolean {
  for (const child of kids(node)) if (tokens.includes(child.type)) return true;
  return false;
}

/** The first named descendant (depth-first) of one of the given types. */
export function firstOfType(node: Node, types: string[]): Node | undefined {
  for (const child of namedKids(node)) {
    if (types.includes(child.type)) return child;
    const deeper = firstOfType(child, types);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * The comments directly above a node (nothing but whitespace between them and the node, and no
 * blank line when `adjacent` is set), nearest last. `skip` names sibling types to step over
 * (decorators, attributes, annotations written between a doc comment and its declaration).
 */
export function commentsAbove(
  node: Node,
  options: { adjacent?: boolean; skip?: string[]; isComment?: (n: Node) => boolean } = {},
): Node[] {
  const isComment = options.isComment ?? ((n: Node) => n.type.includes('comment'));
  const found: Node[] = [];
  let line = node.startPosition.row;
  let sibling = node.previousSibling;
  while (sibling) {
    if (options.skip?.includes(sibling.type)) {
      line = sibling.startPosition.row;
      sibling = sibling.previousSibling;
      continue;
    }
    if (!isComment(sibling)) break;
    if (options.adjacent && sibling.endPosition.row < line - 1) break;
    found.unshift(sibling);
    line = sibling.startPosition.row;
    sibling = sibling.previousSibling;
  }
  return found;
}

/** Strips the leading `:` or `->` of a type annotation node's text. */
export function typeText(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  return node.text
    .replace(/^\s*(:|->)\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
