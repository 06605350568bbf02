import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartRows, seriesKey, type SeriesTable } from '../series-table';

/** Colours of the series, from the theme (index.css), so dark mode has its own. */
const COLORS = [1, 2, 3, 4, 5, 6].map((n) => `var(--chart-${n})`);

/** Props of SeriesChart. */
export interface SeriesChartProps {
  table: SeriesTable;
  /** Lines (levels over time) or bars (counts per bucket). */
  type: 'line' | 'bar';
  /** Series (by index after the date column) drawn against a second axis on the right. */
  rightAxis?: number[];
  /** Series left out of the chart (the table still has them). */
  hidden?: number[];
  /** Stack the bars. */
  stacked?: boolean;
  /** After each value in the tooltip and on the left axis, e.g. "%". */
  unit?: string;
}

/**
 * One chart of a SeriesTable (recharts, loaded with the activity screen's chart chunk only).
 * Keyboard users reach the values through recharts' accessibility layer (arrow keys move the
 * tooltip) and, like everyone, through the card's table view.
 */
export default function SeriesChart({
  table,
  type,
  rightAxis = [],
  hidden = [],
  stacked = false,
  unit,
}: SeriesChartProps) {
  const rows = chartRows(table);
  const series = table.columns
    .slice(1)
    .map((name, index) => ({ name, index, key: seriesKey(index) }))
    .filter((entry) => !hidden.includes(entry.index));
  const axis = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false };
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" {...axis} minTickGap={24} />
        <YAxis yAxisId="left" {...axis} allowDecimals={false} unit={unit} />
        {rightAxis.length > 0 && (
          <YAxis yAxisId="right" orientation="right" {...axis} allowDecimals={false} />
        )}
        <Tooltip
          contentStyle={{
            background: 'var(--popover)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--popover-foreground)',
          }}
          cursor={{ fill: 'var(--muted)', stroke: 'var(--border)' }}
          formatter={(value) => (unit && value !== null ? `${String(value)}${unit}` : value)}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map(({ name, index, key }, position) => {
          const color = COLORS[position % COLORS.length]!;
          const yAxisId = rightAxis.includes(index) ? 'right' : 'left';
          return type === 'line' ? (
            <Line
              key={key}
              dataKey={key}
              name={name}
              yAxisId={yAxisId}
              stroke={color}
              strokeWidth={2}
              dot={rows.length <= 31}
              connectNulls
              isAnimationActive={false}
            />
          ) : (
            <Bar
              key={key}
              dataKey={key}
              name={name}
              yAxisId={yAxisId}
              fill={color}
              stackId={stacked ? 'stack' : undefined}
              isAnimationActive={false}
            />
          );
        })}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
