import { expect, test } from 'vitest';
import type { Node } from '../parse/flat-tree.ts';
import {
  collapsedPrefix,
  type ConvertContext,
  identifierText,
  leadingIdentifier,
} from './context.ts';

/** A deterministic pseudo-random generator (a test that fails must fail the same way again). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const pieces = [
  'a',
  'Z',
  '_',
  '$',
  '#',
  '0',
  '9',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  'é',
  '\\',
  '.',
  '{',
];

function text(next: () => number, length: number): string {
  let out = '';
  while (out.length < length) out += pieces[Math.floor(next() * pieces.length)];
  return out;
}

test('collapsedPrefix is the whole text collapsed, then cut', () => {
  const next = random(7);
  for (let i = 0; i < 3000; i++) {
    const source = text(next, Math.floor(next() * 80));
    const max = 1 + Math.floor(next() * 20);
    expect(collapsedPrefix(source, max)).toBe(source.replace(/\s+/g, ' ').slice(0, max));
  }
});

test('identifierText and leadingIdentifier read what their regular expressions read', () => {
  // the regular expressions they replaced, with the same fallbacks
  const identifier = /[A-Za-z_$#][\w$]*/y;
  const plain = /[A-Za-z_$][\w$]*/y;
  const next = random(11);
  for (let i = 0; i < 3000; i++) {
    const source = text(next, 1 + Math.floor(next() * 12));
    const start = Math.floor(next() * source.length);
    const end = start + Math.floor(next() * (source.length - start + 1));
    const node = { startIndex: start, endIndex: end } as Node;
    const ctx = { source } as ConvertContext;
    identifier.lastIndex = start;
    const match = identifier.exec(source);
    const wanted =
      match && !(source.charCodeAt(identifier.lastIndex) > 127)
        ? match[0]
        : source.slice(start, end);
    expect(identifierText(ctx, node)).toBe(wanted);
    plain.lastIndex = start;
    const lead = plain.exec(source);
    expect(leadingIdentifier(ctx, node)).toBe(
      lead && !(source.charCodeAt(plain.lastIndex) > 127) ? lead[0] : undefined,
    );
  }
});
