import dagre from '@dagrejs/dagre';
import { esc } from './html.ts';

/** A node of a call diagram: its label and, when the target is in the site, its link. */
export interface DiagramNode {
  label: string;
  href: string | null;
}

interface Layout {
  width: number;
  height: number;
  nodes: { x: number; y: number }[];
  edges: { from: number; to: number; points: { x: number; y: number }[] }[];
}

const NODE_WIDTH = 176;
const NODE_HEIGHT = 26;
const MAX_LABEL = 24;
export const MAX_NEIGHBOURS = 6;

/**
 * Layouts are cached by shape. Every node has the same size (labels are cut to fit), so a star of
 * n callers and m callees always lays out the same way: dagre runs once per shape, not once per
 * object (a dagre layout costs milliseconds; a site has thousands of objects).
 */
const layouts = new Map<string, Layout>();

function layoutFor(callers: number, callees: number): Layout {
  const key = `${callers}:${callees}`;
  const cached = layouts.get(key);
  if (cached) return cached;
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: 10, ranksep: 48, marginx: 4, marginy: 4 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids: string[] = ['c'];
  graph.setNode('c', { width: NODE_WIDTH, height: NODE_HEIGHT });
  const edges: [number, number][] = [];
  for (let i = 0; i < callers; i += 1) {
    ids.push(`in${i}`);
    graph.setNode(`in${i}`, { width: NODE_WIDTH, height: NODE_HEIGHT });
    graph.setEdge(`in${i}`, 'c');
    edges.push([ids.length - 1, 0]);
  }
  for (let i = 0; i < callees; i += 1) {
    ids.push(`out${i}`);
    graph.setNode(`out${i}`, { width: NODE_WIDTH, height: NODE_HEIGHT });
    graph.setEdge('c', `out${i}`);
    edges.push([0, ids.length - 1]);
  }
  dagre.layout(graph);
  const size = graph.graph();
  const layout: Layout = {
    width: Math.ceil(size.width ?? NODE_WIDTH),
    height: Math.ceil(size.height ?? NODE_HEIGHT),
    nodes: ids.map((id) => {
      const node = graph.node(id);
      return { x: Math.round(node.x), y: Math.round(node.y) };
    }),
    edges: edges.map(([from, to]) => ({
      from,
      to,
      points: graph
        .edge(ids[from] as string, ids[to] as string)
        .points.map((p: { x: number; y: number }) => ({ x: Math.round(p.x), y: Math.round(p.y) })),
    })),
  };
  layouts.set(key, layout);
  return layout;
}

function cut(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

function nodeSvg(node: DiagramNode, at: { x: number; y: number }, cls: string): string {
  const x = at.x - NODE_WIDTH / 2;
  const y = at.y - NODE_HEIGHT / 2;
  const body =
    `<rect x="${x}" y="${y}" width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="4"/>` +
    `<text x="${at.x}" y="${at.y + 4}" text-anchor="middle">${esc(cut(node.label))}</text>`;
  const title = `<title>${esc(node.label)}</title>`;
  return node.href
    ? `<a class="${cls}" href="${esc(node.href)}">${title}${body}</a>`
    : `<g class="${cls}">${title}${body}</g>`;
}

function arrowHead(points: { x: number; y: number }[]): string {
  const end = points[points.length - 1];
  const before = points[points.length - 2];
  if (!end || !before) return '';
  const angle = Math.atan2(end.y - before.y, end.x - before.x);
  const wing = (delta: number) =>
    `${(end.x - 7 * Math.cos(angle + delta)).toFixed(1)},${(end.y - 7 * Math.sin(angle + delta)).toFixed(1)}`;
  return `<polygon points="${end.x},${end.y} ${wing(0.45)} ${wing(-0.45)}"/>`;
}

/**
 * The call diagram of one object as inline SVG: callers on the left, callees on the right, at
 * most MAX_NEIGHBOURS each (a last "+n more" node stands for the rest). Colours come from the
 * site's stylesheet, so the diagram follows the theme and prints in black on white.
 */
export function callDiagram(
  center: DiagramNode,
  callers: DiagramNode[],
  callees: DiagramNode[],
  id: string,
): string {
  const clip = (nodes: DiagramNode[]): DiagramNode[] =>
    nodes.length <= MAX_NEIGHBOURS
      ? nodes
      : [
          ...nodes.slice(0, MAX_NEIGHBOURS - 1),
          { label: `+${nodes.length - MAX_NEIGHBOURS + 1} more`, href: null },
        ];
  const ins = clip(callers);
  const outs = clip(callees);
  const layout = layoutFor(ins.length, outs.length);
  const all = [center, ...ins, ...outs];
  const edges = layout.edges
    .map(
      (edge) =>
        `<path d="M${edge.points.map((p) => `${p.x} ${p.y}`).join(' L')}"/>${arrowHead(edge.points)}`,
    )
    .join('');
  const nodes = all
    .map((node, i) => nodeSvg(node, layout.nodes[i] ?? { x: 0, y: 0 }, i === 0 ? 'cg-node cg-center' : 'cg-node'))
    .join('');
  return (
    `<svg class="call-graph" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" ` +
    `height="${layout.height}" role="img" aria-labelledby="${esc(id)}">` +
    `<title id="${esc(id)}">Calls of ${esc(center.label)}: ${ins.length} caller(s), ${outs.length} callee(s)</title>` +
    `<g class="cg-edges">${edges}</g>${nodes}</svg>`
  );
}
