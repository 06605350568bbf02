import type { Node } from '../parse/flat-tree.ts';

/** node.type (an array read on the flat tree; kept as a function the converters pass around). */
export function typeOf(node: Node): string {
  return node.type;
}

/** node.parent. */
export function parentOf(node: Node): Node | null {
  return node.parent;
}

/** node.previousSibling (doc comments and decorators both ask). */
export function previousOf(node: Node): Node | null {
  return node.previousSibling;
}

/** The node's children (the flat tree's own list, made once per node: read it, never change it). */
export function kids(node: Node): readonly Node[] {
  return node.children;
}

/** The node's named children (read-only, as kids). */
export function namedKids(node: Node): readonly Node[] {
  return node.namedChildren;
}

/** Text of a field, or undefined when absent. */
export function fieldText(node: Node, field: string): string | undefined {
  return node.childForFieldName(field)?.text;
}

/** Whether one of the node's direct children is the given (usually anonymous) token. */
export function hasToken(node: Node, ...tokens: string[]): boolean {
  // typeOf: modifiers, visibility and decorators ask about the same children
  for (const child of kids(node)) if (tokens.includes(typeOf(child))) return true;
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
 * blank line when `adjacent` is set), nearest last; a comment trailing code on its line is not
 * one of them, nor is an empty block comment (stepped over). `skip` names sibling types to step over
 * (decorators, attributes, annotations written between a doc comment and its declaration).
 */
export function commentsAbove(
  node: Node,
  options: { adjacent?: boolean; skip?: string[]; isComment?: (n: Node) => boolean } = {},
): Node[] {
  const isComment = options.isComment ?? ((n: Node) => typeOf(n).includes('comment'));
  const found: Node[] = [];
  let line = node.startPosition.row;
  let sibling = previousOf(node);
  while (sibling) {
    if (options.skip?.includes(typeOf(sibling))) {
      line = sibling.startPosition.row;
      sibling = previousOf(sibling);
      continue;
    }
    if (!isComment(sibling)) break;
    if (options.adjacent && sibling.endPosition.row < line - 1) break;
    // an empty block comment is nobody's doc, and stands where C's attribute macros were
    // (parse/c-macros.ts): a doc above it is the declaration's
    if (isEmptyComment(sibling)) {
      line = sibling.startPosition.row;
      sibling = previousOf(sibling);
      continue;
    }
    // a comment at the end of a line of code (`x = 1 // counter`) is that line's, not a doc
    const before = previousOf(sibling);
    // (a directive's line break, which ends where the next line starts, is not code, nor is a
    // `#define` line, whose node ends with its line break: at the start of the comment's line)
    if (
      before &&
      !isComment(before) &&
      typeOf(before) !== '\n' &&
      before.endPosition.row === sibling.startPosition.row &&
      before.endPosition.column > 0
    ) {
      // a comment after an attribute or annotation stepped over (`#[inline] // hot`) is that
      // line's too: stepped over with it, so the doc above the attribute still reaches the item
      if (options.skip?.includes(typeOf(before))) {
        line = sibling.startPosition.row;
        sibling = before;
        continue;
      }
      break;
    }
    found.unshift(sibling);
    line = sibling.startPosition.row;
    sibling = previousOf(sibling);
  }
  return found;
}

/** `/*   *\/`: an empty block comment (what C's attribute macros become, parse/c-macros.ts). */
export const isEmptyComment = (node: Node) => /^\/\*\s*\*\/$/.test(node.text);

/** Strips the leading `:` or `->` of a type annotation node's text. */
export function typeText(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  return node.text
    .replace(/^\s*(:|->)\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
