import type { FlatTree as Tree, Node } from '../parse/flat-tree.ts';

// node.type and node.parent remembered by node id (unique within one tree) for the tree being
// converted: each read crosses into WebAssembly, and web-tree-sitter 0.25 finds a parent by
// walking down from the root and returns a new Node each time
let cachedTree: Tree | undefined;
const types = new Map<number, string>();
const parents = new Map<number, Node | null>();
const previous = new Map<number, Node | null>();

function useTree(tree: Tree): void {
  if (tree === cachedTree) return;
  cachedTree = tree;
  types.clear();
  parents.clear();
  previous.clear();
}

/** `read(node)`, remembered by node id in `cache` for the current tree. */
function remembered<T>(cache: Map<number, T>, node: Node, read: (node: Node) => T): T {
  useTree(node.tree);
  let value = cache.get(node.id);
  if (value === undefined) {
    value = read(node);
    cache.set(node.id, value);
  }
  return value;
}

/** node.type, read once per node of the current tree (converters ask again and again). */
export function typeOf(node: Node): string {
  return remembered(types, node, (n) => n.type);
}

/** node.parent, looked up once per node of the current tree. */
export function parentOf(node: Node): Node | null {
  return remembered(parents, node, (n) => n.parent);
}

/** node.previousSibling, looked up once per node (doc comments and decorators both ask). */
export function previousOf(node: Node): Node | null {
  return remembered(previous, node, (n) => n.previousSibling);
}

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
 * one of them. `skip` names sibling types to step over
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
    // a comment at the end of a line of code (`x = 1 // counter`) is that line's, not a doc
    const before = previousOf(sibling);
    // (a directive's line break, which ends where the next line starts, is not code)
    if (
      before &&
      !isComment(before) &&
      typeOf(before) !== '\n' &&
      before.endPosition.row === sibling.startPosition.row
    )
      break;
    found.unshift(sibling);
    line = sibling.startPosition.row;
    sibling = previousOf(sibling);
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
