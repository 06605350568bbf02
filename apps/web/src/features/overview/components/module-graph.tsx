import type { OverviewGraph } from '@codedocs/contract';

const MAX_LABEL = 26;

/** A long module path keeps its end, which names it. */
function cut(label: string): string {
  return label.length > MAX_LABEL ? `…${label.slice(label.length - MAX_LABEL + 1)}` : label;
}

/**
 * The module dependency graph, drawn from the positions the engine laid out: importers on the
 * left with an arrow to each module they import, edges that close a cycle dashed. It scales to
 * its container (390 px phones scroll it sideways rather than shrink it unreadably).
 */
export function ModuleGraph({ graph }: { graph: OverviewGraph }) {
  if (graph.nodes.length === 0) return null;
  const at = new Map(graph.nodes.map((node) => [node.path, node]));
  const w = graph.node_width;
  const h = graph.node_height;
  return (
    // focusable so a keyboard can scroll a graph wider than the screen
    <div
      tabIndex={0}
      aria-label="Module dependency graph (scrolls sideways)"
      className="overflow-x-auto rounded-md border border-border bg-background p-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <svg
        data-testid="overview-graph"
        role="img"
        aria-label={`Module dependencies: ${graph.nodes.length} modules, ${graph.edges.length} import edges`}
        viewBox={`0 0 ${graph.width} ${graph.height}`}
        width={graph.width}
        height={graph.height}
        className="max-w-none text-foreground sm:max-w-full sm:h-auto"
      >
        <g className="stroke-muted-foreground fill-muted-foreground">
          {graph.edges.map((edge) => {
            const from = at.get(edge.from);
            const to = at.get(edge.to);
            if (!from || !to) return null;
            const x1 = edge.back ? from.x : from.x + w;
            const x2 = edge.back ? to.x + w : to.x;
            const y1 = from.y + h / 2;
            const y2 = to.y + h / 2;
            const dir = x2 >= x1 ? 1 : -1;
            return (
              <g key={`${edge.from}\0${edge.to}`}>
                <title>{`${edge.from} imports ${edge.to} (${edge.imports})`}</title>
                <path
                  d={`M${x1} ${y1} L${x2} ${y2}`}
                  fill="none"
                  strokeDasharray={edge.back ? '4 3' : undefined}
                />
                <polygon
                  stroke="none"
                  points={`${x2},${y2} ${x2 - 7 * dir},${y2 - 4} ${x2 - 7 * dir},${y2 + 4}`}
                />
              </g>
            );
          })}
        </g>
        {graph.nodes.map((node) => (
          <g key={node.path}>
            <title>{node.path}</title>
            <rect
              x={node.x}
              y={node.y}
              width={w}
              height={h}
              rx={4}
              className="fill-card stroke-border"
            />
            <text
              x={node.x + w / 2}
              y={node.y + h / 2 + 4}
              textAnchor="middle"
              className="fill-current font-mono text-[11px]"
            >
              {cut(node.path)}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
