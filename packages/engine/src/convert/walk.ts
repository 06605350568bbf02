import type { Node } from '../parse/flat-tree.ts';

/**
 * Visits only the nodes of the given types, in document order, with the scope of the nearest
 * enclosing visited node that opened one. Node lists come from descendantsOfType, which walks
 * the tree inside WebAssembly, so the uninteresting majority of nodes never cross into
 * JavaScript — the difference between ~2 and ~5 MB/s per core.
 */
export function walkScoped<S>(
  root: Node,
  types: readonly string[],
  initial: S,
  enter: (node: Node, scope: S) => S | undefined,
  /** Where a node's scope ends, when not where the node does (C#'s `namespace A;`). */
  scopeEnd?: (node: Node) => number,
): void {
  const stack: { end: number; scope: S }[] = [];
  for (const node of root.descendantsOfType(types as string[])) {
    if (!node) continue;
    while (stack.length && stack[stack.length - 1]!.end <= node.startIndex) stack.pop();
    const scope = stack.length ? stack[stack.length - 1]!.scope : initial;
    const inner = enter(node, scope);
    if (inner !== undefined && inner !== scope)
      stack.push({ end: scopeEnd?.(node) ?? node.endIndex, scope: inner });
  }
}
