import type { OverviewDependency, OverviewGraph } from '@codedocs/contract';

const NODE_WIDTH = 184;
const NODE_HEIGHT = 28;
const GAP_X = 56;
const GAP_Y = 14;
const MARGIN = 4;

/**
 * Lays the module import graph out in layers, left to right: a module sits one layer right of
 * every module that imports it (cycles are broken at the edge that closes them, drawn as a back
 * edge), and each layer is ordered by where its importers sit. Done here, once, so the app and
 * the sites draw the same picture from positions without a layout library.
 */
export function layoutModuleGraph(dependencies: readonly OverviewDependency[]): OverviewGraph {
  const nodes = [...new Set(dependencies.flatMap((d) => [d.from, d.to]))].sort();
  const out = new Map<string, string[]>(nodes.map((n) => [n, []]));
  for (const dep of dependencies) out.get(dep.from)!.push(dep.to);

  // depth-first from each node in name order: an edge to a node still on the stack closes a cycle
  const back = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string) => {
    state.set(node, 'open');
    for (const next of out.get(node)!) {
      const seen = state.get(next);
      if (seen === 'open') back.add(`${node}\0${next}`);
      else if (!seen) visit(next);
    }
    state.set(node, 'done');
  };
  for (const node of nodes) if (!state.has(node)) visit(node);

  const forward = dependencies.filter((d) => !back.has(`${d.from}\0${d.to}`));
  const layer = new Map<string, number>(nodes.map((n) => [n, 0]));
  // longest path over the acyclic edges: at most |nodes| rounds
  for (let round = 0, changed = true; changed && round < nodes.length; round += 1) {
    changed = false;
    for (const dep of forward) {
      const wanted = layer.get(dep.from)! + 1;
      if (wanted > layer.get(dep.to)!) {
        layer.set(dep.to, wanted);
        changed = true;
      }
    }
  }

  const layers: string[][] = [];
  for (const node of nodes) (layers[layer.get(node)!] ??= []).push(node);
  const row = new Map<string, number>();
  for (const members of layers) {
    const centre = (node: string) => {
      const rows = forward.filter((d) => d.to === node).map((d) => row.get(d.from) ?? 0);
      return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : 0;
    };
    members.sort((a, b) => centre(a) - centre(b) || a.localeCompare(b));
    members.forEach((node, i) => row.set(node, i));
  }

  const tallest = Math.max(0, ...layers.map((members) => members.length));
  return {
    width: layers.length
      ? MARGIN * 2 + layers.length * NODE_WIDTH + (layers.length - 1) * GAP_X
      : 0,
    height: tallest ? MARGIN * 2 + tallest * NODE_HEIGHT + (tallest - 1) * GAP_Y : 0,
    node_width: NODE_WIDTH,
    node_height: NODE_HEIGHT,
    nodes: nodes.map((path) => ({
      path,
      x: MARGIN + layer.get(path)! * (NODE_WIDTH + GAP_X),
      y: MARGIN + row.get(path)! * (NODE_HEIGHT + GAP_Y),
    })),
    edges: dependencies.map((d) => ({ ...d, back: back.has(`${d.from}\0${d.to}`) })),
  };
}
