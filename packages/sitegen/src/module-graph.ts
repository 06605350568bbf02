import type { OverviewGraph } from '@codedocs/contract';
import { esc } from './html.ts';

const MAX_LABEL = 26;

/** A long module path keeps its end, which names it: `…/flask/json`. */
function cut(label: string): string {
  return label.length > MAX_LABEL ? `…${label.slice(label.length - MAX_LABEL + 1)}` : label;
}

/**
 * A repository's module dependency graph as inline SVG, from the positions the engine laid out:
 * importers on the left, an arrow to each module they import, cycle-closing edges dashed.
 * Colours come from the site's stylesheet (the call diagram's), so it follows the theme.
 */
export function moduleGraphSvg(graph: OverviewGraph, id: string): string {
  if (graph.nodes.length === 0) return '';
  const at = new Map(graph.nodes.map((node) => [node.path, node]));
  const w = graph.node_width;
  const h = graph.node_height;
  const edges = graph.edges
    .map((edge) => {
      const from = at.get(edge.from);
      const to = at.get(edge.to);
      if (!from || !to) return '';
      const x1 = edge.back ? from.x : from.x + w;
      const x2 = edge.back ? to.x + w : to.x;
      const y1 = from.y + h / 2;
      const y2 = to.y + h / 2;
      const dir = x2 >= x1 ? 1 : -1;
      const head = `${x2},${y2} ${x2 - 7 * dir},${y2 - 4} ${x2 - 7 * dir},${y2 + 4}`;
      return `<path class="${edge.back ? 'mg-back' : ''}" d="M${x1} ${y1} L${x2} ${y2}"><title>${esc(edge.from)} imports ${esc(edge.to)} (${edge.imports})</title></path><polygon points="${head}"/>`;
    })
    .join('');
  const nodes = graph.nodes
    .map(
      (node) =>
        `<g class="cg-node"><title>${esc(node.path)}</title><rect x="${node.x}" y="${node.y}" width="${w}" height="${h}" rx="4"/>` +
        `<text x="${node.x + w / 2}" y="${node.y + h / 2 + 4}" text-anchor="middle">${esc(cut(node.path))}</text></g>`,
    )
    .join('');
  return (
    `<svg class="call-graph module-graph" viewBox="0 0 ${graph.width} ${graph.height}" width="${graph.width}" height="${graph.height}" role="img" aria-labelledby="${esc(id)}">` +
    `<title id="${esc(id)}">Module dependencies: ${graph.nodes.length} modules, ${graph.edges.length} import edges</title>` +
    `<g class="cg-edges">${edges}</g>${nodes}</svg>`
  );
}
