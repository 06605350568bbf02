import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { indexFile } from '../index-file.ts';
import { detectLanguage } from '../languages/detect.ts';
import { decodeSource } from './decode.ts';
import { useFastNodes } from './fast-nodes.ts';
import { parserFor } from './grammars.ts';

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

afterAll(() => {
  useFastNodes(true);
});

/** What the stock and the fast members answer for one node, ids standing in for nodes. */
function answers(node: Node): unknown {
  const id = (n: Node | null | undefined) => (n ? [n.id, n.startIndex, n.startPosition] : null);
  return {
    type: node.type,
    typeId: node.typeId,
    endIndex: node.endIndex,
    endPosition: node.endPosition,
    text: node.text,
    parent: id(node.parent),
    previousSibling: id(node.previousSibling),
    nextSibling: id(node.nextSibling),
    nextNamedSibling: id(node.nextNamedSibling),
    childCount: node.childCount,
    namedChildCount: node.namedChildCount,
    firstNamedChild: id(node.firstNamedChild),
    child1: id(node.child(1)),
    namedChild0: id(node.namedChild(0)),
    children: node.children.map(id),
    namedChildren: node.namedChildren.map(id),
    name: id(node.childForFieldName('name')),
    body: id(node.childForFieldName('body')),
    noSuchField: id(node.childForFieldName('no_such_field')),
    identifiers: node.descendantsOfType(['identifier', 'ERROR']).map(id),
    none: node.descendantsOfType('no_such_type').length,
  };
}

test('the fast node paths are installed and answer exactly as web-tree-sitter does', async () => {
  const files = fixtureFiles();
  expect(files.length).toBeGreaterThan(50);
  let compared = 0;
  for (const path of files) {
    const spec = detectLanguage(path, '')!;
    const parser = await parserFor(spec.id);
    if (!parser) continue;
    const tree = parser.parse(decodeSource(readFileSync(path)).text)!;
    try {
      // a sample of every kind of node: every 7th, so large fixtures stay quick
      const nodes = tree.rootNode.descendantsOfType(
        tree.language.types.filter((t): t is string => !!t),
      );
      const sample = nodes.filter((n, i): n is Node => n !== null && i % 7 === 0);
      expect(useFastNodes(true)).toBe(true);
      const fast = sample.map(answers);
      useFastNodes(false);
      const stock = sample.map(answers);
      const stockAll = tree.rootNode.descendantsOfType(['identifier']).map((n) => n?.id);
      useFastNodes(true);
      expect(fast, relative(fixtures, path)).toEqual(stock);
      expect(tree.rootNode.descendantsOfType(['identifier']).map((n) => n?.id)).toEqual(stockAll);
      compared += sample.length;
    } finally {
      tree.delete();
    }
  }
  expect(compared).toBeGreaterThan(1000);
});

test('every fixture indexes to the same objects, sites and imports with and without them', async () => {
  for (const path of fixtureFiles()) {
    const file = { path: relative(fixtures, path), content: readFileSync(path) };
    useFastNodes(true);
    const fast = await indexFile(file, { repository: 'r' });
    useFastNodes(false);
    const stock = await indexFile(file, { repository: 'r' });
    useFastNodes(true);
    expect(fast, file.path).toEqual(stock);
  }
});
