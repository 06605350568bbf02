import { type FlatTree, NODE_INTS, type Node } from '../parse/flat-tree.ts';

/**
 * Where a file's comments and docstrings are, which code hashes read as whitespace (as if each
 * character were a space, so every offset stays where it was): writing docs into the code (the
 * exports' write-back), or editing a comment, leaves an object's hash and so its docs' freshness
 * alone, while any change to the code itself still changes it. The blanking happens where the
 * source is normalised for hashing (wasm/normalize.c; `maskedText` in identity.ts is the same as
 * a string).
 */
export interface CommentMask {
  /** The masked ranges, [start, end) pairs sorted by start. */
  ranges: Int32Array;
}

/** Where docstrings live: a string statement first in one of these bodies (Python). */
const DOCSTRING_OWNERS = new Set(['module', 'function_definition', 'class_definition']);

/** The docstring statement opening `node`'s body (a Python module, def or class), if any. */
function pythonDocstring(node: Node): Node | undefined {
  const body = node.type === 'module' ? node : node.childForFieldName('body');
  if (!body) return undefined;
  // (child by child: no list of the body's statements, which can be the whole module)
  // (null checked on its own: a comparison of `first?.type` with a string that meets undefined
  // sends V8's optimised code back to the interpreter)
  let first = body.namedChild(0);
  for (let i = 1; first !== null && first.type.endsWith('comment'); i++) first = body.namedChild(i);
  if (first === null || first.type !== 'expression_statement' || first.namedChildCount !== 1)
    return undefined;
  const value = first.namedChild(0)!.type;
  return value === 'string' || value === 'concatenated_string' ? first : undefined;
}

/** Per grammar (its type names): which symbols are comments, and which own docstrings. */
const grammarMasks = new WeakMap<readonly string[], { comments: Uint8Array; owners: Uint8Array }>();

/** The masks of `tree`'s grammar, made once per grammar (not per file). */
function masksFor(tree: FlatTree) {
  let masks = grammarMasks.get(tree.names.types);
  if (!masks) {
    masks = {
      comments: tree.typeMask(tree.names.types.filter((type) => type?.endsWith('comment'))),
      owners: tree.typeMask([...DOCSTRING_OWNERS]),
    };
    grammarMasks.set(tree.names.types, masks);
  }
  return masks;
}

/** Where the comments and docstrings of `tree` are (undefined when it has none). */
export function maskComments(tree: FlatTree, language: string): CommentMask | undefined {
  const masks = masksFor(tree);
  const comments = masks.comments;
  const owners = language === 'python' ? masks.owners : undefined;
  const ranges: number[] = [];
  const data = tree.data;
  for (let at = 0; at < tree.nodeCount;) {
    const o = at * NODE_INTS;
    const symbol = data[o]! & 0xffff;
    if (comments[symbol] === 1) {
      // (slots 2 and 3: start and end index)
      if (data[o + 3]! > data[o + 2]!) ranges.push(data[o + 2]!, data[o + 3]!);
      at = tree.subtreeEnd(at);
      continue;
    }
    if (owners?.[symbol] === 1) {
      const docstring = pythonDocstring(tree.node(at));
      if (docstring) ranges.push(docstring.startIndex, docstring.endIndex);
    }
    at++;
  }
  if (ranges.length === 0) return undefined;
  const sorted = Int32Array.from(ranges);
  // in tree order already, except a docstring recorded before comments of its body's earlier
  // lines: then the pairs are sorted by start (stably, as they were recorded)
  let ordered = true;
  for (let i = 2; i < sorted.length && ordered; i += 2) ordered = sorted[i]! >= sorted[i - 2]!;
  if (!ordered) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
    pairs.sort((a, b) => a[0] - b[0]);
    pairs.forEach(([start, end], i) => {
      sorted[2 * i] = start;
      sorted[2 * i + 1] = end;
    });
  }
  return { ranges: sorted };
}

/** Whether any masked range overlaps [start, end). */
export function masksWithin(mask: CommentMask, start: number, end: number): boolean {
  const ranges = mask.ranges;
  // the first range ending after `start` (binary search over the ends)
  let low = 0;
  let high = ranges.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ranges[2 * mid + 1]! <= start) low = mid + 1;
    else high = mid;
  }
  return low < ranges.length / 2 && ranges[2 * low]! < end;
}
