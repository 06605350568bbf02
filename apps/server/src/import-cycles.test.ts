import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The server's own modules (tests and test helpers left out), as paths relative to src/. */
function modules(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : modules(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });
}

/** Each module's relative imports (type-only ones too: a cycle of types is a cycle to read). */
function importGraph(): Map<string, string[]> {
  const all = new Set(modules());
  const graph = new Map<string, string[]>();
  for (const file of all) {
    const text = readFileSync(join(SRC, file), 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)) {
      const base = normalize(join(dirname(file), match[1]!));
      const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => all.has(candidate));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected groups of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the server's modules", () => {
  it('import one another without a cycle (jobs call services, services never reach back)', () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
