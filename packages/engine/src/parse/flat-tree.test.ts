import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import type { Node as StockNode, Tree } from 'web-tree-sitter';
import { indexFile } from '../index-file.ts';
import { detectLanguage } from '../languages/detect.ts';
import { decodeSource } from './decode.ts';
import {
  deriveLinks,
  FLAG_EXTRA,
  FLAG_HAS_ERROR,
  FLAG_MISSING,
  FLAG_NAMED,
  NODE_INTS,
  type FlatTree,
  flatten,
  type Node,
  parseFlat,
  setTreeDump,
  type TreeData,
  TreeScratch,
  withParsedTree,
} from './flat-tree.ts';
import { initParser, parserFor } from './grammars.ts';

/**
 * Copies `tree` node by node through web-tree-sitter's own TreeCursor: the reference the
 * single-call copy of tree-dump.ts (the engine's only tree copy) is tested against.
 */
function dumpWithCursor(tree: Tree): TreeData {
  const count = tree.rootNode.descendantCount;
  const out = new Int32Array(count * NODE_INTS);
  const fields: number[] = [];
  const fieldIds: [string, number][] = [];
  tree.language.fields.forEach((name, id) => {
    if (name) fieldIds.push([name, id]);
  });
  const cursor = tree.walk();
  let at = 0;
  let parent = -1;
  for (;;) {
    const node = cursor.currentNode;
    const start = cursor.startPosition;
    const end = cursor.endPosition;
    const o = at * NODE_INTS;
    out[o] = cursor.nodeTypeId | (cursor.currentFieldId << 16);
    out[o + 1] =
      (node.isNamed ? FLAG_NAMED : 0) |
      (node.isMissing ? FLAG_MISSING : 0) |
      (node.isExtra ? FLAG_EXTRA : 0) |
      (node.hasError ? FLAG_HAS_ERROR : 0);
    out[o + 2] = cursor.startIndex;
    out[o + 3] = cursor.endIndex;
    out[o + 4] = start.row;
    out[o + 5] = start.column;
    out[o + 6] = end.row;
    out[o + 7] = end.column;
    out[o + 8] = parent;
    out[o + 9] = cursor.nodeId;
    if (node.childCount > 0)
      for (const [name, id] of fieldIds) {
        const child = node.childForFieldName(name);
        if (child) fields.push(at, id, child.id, 0);
      }
    if (cursor.gotoFirstChild()) {
      parent = at++;
      continue;
    }
    at++;
    for (;;) {
      if (cursor.gotoNextSibling()) break;
      if (!cursor.gotoParent()) {
        cursor.delete();
        return { nodes: out, fields: Int32Array.from(fields) };
      }
      parent = out[parent * NODE_INTS + 8]!;
    }
  }
}

const fixtures = join(import.meta.dirname, '../../test/fixtures');

/** Every fixture source file the engine reads, in every language (real-world shapes). */
function fixtureFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith('.json') && detectLanguage(name, '')) out.push(path);
    }
  };
  walk(fixtures);
  return out;
}

type AnyNode = StockNode | Node;

/** What a node answers, other nodes given as their pre-order positions (`order`). */
function answers(node: AnyNode, order: (n: AnyNode | null) => number | null, fields: string[]) {
  const at = (n: AnyNode | null | undefined) => (n ? order(n) : null);
  const start = node.startPosition;
  return {
    type: node.type,
    typeId: node.typeId,
    isNamed: node.isNamed,
    isMissing: node.isMissing,
    isExtra: node.isExtra,
    isError: node.isError,
    hasError: node.hasError,
    startIndex: node.startIndex,
    endIndex: node.endIndex,
    startPosition: node.startPosition,
    endPosition: node.endPosition,
    text: node.text,
    parent: at(node.parent),
    previousSibling: at(node.previousSibling),
    nextSibling: at(node.nextSibling),
    previousNamedSibling: at(node.previousNamedSibling),
    nextNamedSibling: at(node.nextNamedSibling),
    childCount: node.childCount,
    namedChildCount: node.namedChildCount,
    firstChild: at(node.firstChild),
    lastChild: at(node.lastChild),
    firstNamedChild: at(node.firstNamedChild),
    lastNamedChild: at(node.lastNamedChild),
    child1: at(node.child(1)),
    namedChild1: at(node.namedChild(1)),
    children: node.children.map(at),
    namedChildren: node.namedChildren.map(at),
    fields: fields.map((field) => [
      field,
      at(node.childForFieldName(field)),
      node.childrenForFieldName(field).map(at),
    ]),
    descendantsOfType: node.descendantsOfType(['identifier', '(']).map(at),
    errors: node.descendantsOfType('ERROR').map(at),
    descendantForPosition: at(
      node.descendantForPosition({ row: start.row, column: start.column + 1 }),
    ),
  };
}

/**
 * tree-sitter finds a node's siblings by comparing byte positions, so it steps over a zero-width
 * sibling (a MISSING token the parser inserted); the flat tree, which knows the order, does not.
 */
function zeroWidthSibling(key: string, want: unknown, got: unknown, flat: FlatTree): boolean {
  if (!/^(next|previous)(Named)?Sibling$/.test(key) || typeof got !== 'number') return false;
  const node = flat.node(got);
  return node.startIndex === node.endIndex && (want === null || typeof want === 'number');
}

/** The nodes of a stock tree in pre-order, as web-tree-sitter's `children` gives them. */
function stockOrder(root: StockNode): StockNode[] {
  const out: StockNode[] = [];
  const walk = (node: StockNode) => {
    out.push(node);
    for (const child of node.children) if (child) walk(child);
  };
  walk(root);
  return out;
}

/** Each fixture parsed by web-tree-sitter (its tree freed once the caller moves on). */
async function* parsedFixtures(): AsyncGenerator<{ path: string; text: string; tree: Tree }> {
  await initParser();
  for (const path of fixtureFiles()) {
    const parser = await parserFor(detectLanguage(path, '')!.id);
    if (!parser) continue;
    const text = decodeSource(readFileSync(path)).text;
    const tree = parser.parse(text)!;
    try {
      yield { path: relative(fixtures, path), text, tree };
    } finally {
      tree.delete();
    }
  }
}

test('the flat tree answers exactly as web-tree-sitter does, on every node of every fixture', async () => {
  expect(fixtureFiles().length).toBeGreaterThan(50);
  let compared = 0;
  const differences: string[] = [];
  // every tree built in the buffers of the one before, as indexFile builds them: larger and
  // smaller trees in turn, so buffers grow and stale entries are left past a smaller tree's end
  const scratch = new TreeScratch();
  for await (const { path, text, tree } of parsedFixtures()) {
    const flat = flatten(tree, text, scratch);
    const stock = stockOrder(tree.rootNode);
    expect(flat.nodeCount, path).toBe(stock.length);
    const positions = new Map(stock.map((node, i) => [node.id, i]));
    const fields = tree.language.fields.filter((f): f is string => !!f);
    for (let i = 0; i < stock.length; i++) {
      const want = answers(stock[i]!, (n) => (n ? (positions.get(n.id) ?? -1) : null), fields);
      const got = answers(flat.node(i), (n) => (n ? (n as Node).index : null), fields);
      for (const key of Object.keys(want) as (keyof typeof want)[]) {
        if (JSON.stringify(got[key]) === JSON.stringify(want[key])) continue;
        if (zeroWidthSibling(key, want[key], got[key], flat)) continue;
        differences.push(
          `${path} node ${i} (${want.type}) ${key}: ` +
            `${JSON.stringify(got[key])} where web-tree-sitter says ${JSON.stringify(want[key])}`,
        );
      }
    }
    compared += stock.length;
  }
  expect(differences).toEqual([]);
  expect(compared).toBeGreaterThan(10_000);
});

test('the single-call copy writes what a TreeCursor walk reads, on every fixture', async () => {
  const scratch = new TreeScratch();
  // the single-call copy itself, to read the links it writes
  const singleCall = setTreeDump(dumpWithCursor)!;
  setTreeDump(singleCall);
  for await (const { path, text, tree } of parsedFixtures()) {
    const flat = flatten(tree, text);
    const cursor = dumpWithCursor(tree);
    expect([...flat.data], path).toEqual([...cursor.nodes]);
    expect([...flat.fields], path).toEqual([...cursor.fields]);
    const inScratch = flatten(tree, text, scratch);
    expect([...inScratch.data], path).toEqual([...cursor.nodes]);
    expect([...inScratch.fields], path).toEqual([...cursor.fields]);
    // the links the copy writes in WebAssembly are those derived here from the cursor's copy
    const written = singleCall(tree);
    const derived = deriveLinks(
      cursor.nodes,
      cursor.fields,
      cursor.nodes.length / NODE_INTS,
      undefined,
    );
    expect([...written.end!], path).toEqual([...derived.end]);
    expect([...written.previous!], path).toEqual([...derived.previous]);
    expect([...written.fieldsAt!], path).toEqual([...derived.fieldsAt]);
  }
});

test('every fixture indexes the same with the single-call copy and with the cursor copy', async () => {
  await initParser();
  const files = fixtureFiles();
  const viaCall = [];
  for (const path of files)
    viaCall.push(await indexFile({ path: relative(fixtures, path), content: readFileSync(path) }));
  const singleCall = setTreeDump(dumpWithCursor)!;
  try {
    for (const [i, path] of files.entries()) {
      const viaCursor = await indexFile({
        path: relative(fixtures, path),
        content: readFileSync(path),
      });
      expect(viaCursor, path).toEqual(viaCall[i]);
    }
  } finally {
    setTreeDump(singleCall);
  }
});

test('a text parsed in chunks gives the tree of the whole string, characters cut at a chunk edge included', async () => {
  const parser = (await parserFor('typescript'))!;
  // astral characters (two UTF-16 units) placed across the 4,096-unit chunk edges, and a long
  // line of them: every edge falls inside a pair somewhere
  const line = (i: number) => `export const v${i} = '${'😀'.repeat(i % 7)}x${'é'.repeat(i % 5)}';`;
  const lines: string[] = [];
  for (let i = 0; i < 600; i++) lines.push(line(i));
  lines.splice(300, 0, `const long = '${'𝒳'.repeat(5000)}';`);
  const text = `${lines.join('\n')}\n`;
  const whole = parser.parse(text)!;
  try {
    const expected = flatten(whole, text);
    const chunked = parseFlat(parser, text)!;
    expect(chunked.nodeCount).toBe(expected.nodeCount);
    expect(chunked.rootNode.hasError).toBe(false);
    // every slot but the last (the node's address in the runtime: another tree, other addresses)
    const slots = (tree: FlatTree) =>
      Array.from(tree.data).filter((_, i) => i % NODE_INTS !== NODE_INTS - 1);
    expect(slots(chunked)).toEqual(slots(expected));
  } finally {
    whole.delete();
  }
});

test('a tree read in place answers as its copy does, on every fixture', async () => {
  await initParser();
  const scratch = new TreeScratch();
  for (const path of fixtureFiles()) {
    const spec = detectLanguage(path, '')!;
    const parser = await parserFor(spec.id);
    if (!parser) continue;
    const { text } = decodeSource(readFileSync(path));
    const copied = parseFlat(parser, text)!;
    const seen = withParsedTree(parser, text, undefined, scratch, (tree) => ({
      slots: Array.from(tree.data).filter((_, i) => i % NODE_INTS !== NODE_INTS - 1),
      fields: tree.fields.length,
      kinds: [...Array(tree.nodeCount).keys()].map((i) => tree.node(i).type).join(' '),
      ends: [...Array(tree.nodeCount).keys()].map((i) => tree.node(i).endIndex).join(' '),
      named: tree.rootNode.namedChildren.map((child) => child.type).join(' '),
    }))!;
    const expected = {
      slots: Array.from(copied.data).filter((_, i) => i % NODE_INTS !== NODE_INTS - 1),
      fields: copied.fields.length,
      kinds: [...Array(copied.nodeCount).keys()].map((i) => copied.node(i).type).join(' '),
      ends: [...Array(copied.nodeCount).keys()].map((i) => copied.node(i).endIndex).join(' '),
      named: copied.rootNode.namedChildren.map((child) => child.type).join(' '),
    };
    expect(seen, relative(fixtures, path)).toEqual(expected);
  }
});
