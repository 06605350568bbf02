import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { hasValues, toCsv, type SeriesTable } from '../series-table';
import type { SeriesChartProps } from './series-chart';

// recharts stays out of every bundle but the one this screen loads when a chart first shows
const SeriesChart = lazy(() => import('./series-chart'));

/** Props of ChartCard. */
export interface ChartCardProps {
  title: string;
  description: string;
  /** `data-testid` of the card; its parts add `-table`, `-chart`, `-csv`. */
  testId: string;
  /** The numbers, once loaded. */
  table: SeriesTable | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** How the chart draws the table. */
  chart: Omit<SeriesChartProps, 'table'>;
  /** The CSV file's name, without `.csv`. */
  csvName: string;
  /** Shown instead of a chart when every value is zero or missing. */
  emptyText: string;
  /** More below the chart or table (e.g. per-person numbers). */
  footer?: ReactNode;
}

/** Starts a download of `text` as a file (a CSV of what a card shows). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A chart with its table view (a toggle: the table is the accessible form of the same numbers),
 * a CSV download of the series shown, and loading, failed and empty states.
 */
export function ChartCard(props: ChartCardProps) {
  const { title, description, testId, table, loading, error, onRetry } = props;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const empty = table !== undefined && !hasValues(table);
  return (
    <Card data-testid={testId} aria-labelledby={headingId} role="region" className="min-w-0">
      <CardHeader className="gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle id={headingId} className="text-base">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label={`${title}: view`} className="flex rounded-md border">
              {(['chart', 'table'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={view === option}
                  data-testid={`${testId}-view-${option}`}
                  onClick={() => setView(option)}
                  className={cn(
                    'px-2.5 py-1 text-xs font-medium first:rounded-l-md last:rounded-r-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    view === option
                      ? 'bg-secondary text-secondary-foreground'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {option === 'chart' ? 'Chart' : 'Table'}
                </button>
              ))}
            </div>
            <Button
              variant="outline"
              size="sm"
              data-testid={`${testId}-csv`}
              disabled={!table}
              onClick={() => table && download(`${props.csvName}.csv`, toCsv(table))}
            >
              <Download aria-hidden="true" />
              CSV
            </Button>
          </div>
        </div>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {error ? (
          <LoadError message={error} onRetry={onRetry} data-testid={`${testId}-error`} />
        ) : loading || !table ? (
          <div aria-busy="true" aria-label={`Loading ${title}`} role="status">
            <Skeleton className="h-[260px] w-full" />
          </div>
        ) : view === 'table' ? (
          <SeriesTableView table={table} caption={title} testId={`${testId}-table`} />
        ) : empty ? (
          <p
            data-testid={`${testId}-empty`}
            className="flex h-[260px] items-center justify-center rounded-md border border-dashed text-center text-sm text-muted-foreground"
          >
            {props.emptyText}
          </p>
        ) : (
          <div data-testid={`${testId}-chart`} className="min-w-0">
            <Suspense fallback={<Skeleton className="h-[260px] w-full" />}>
              <SeriesChart table={table} {...props.chart} />
            </Suspense>
          </div>
        )}
        {props.footer}
      </CardContent>
    </Card>
  );
}

/** The table view of a chart: scrolls sideways inside its card on a phone, never the page. */
export function SeriesTableView({
  table,
  caption,
  testId,
}: {
  table: SeriesTable;
  caption: string;
  testId: string;
}) {
  return (
    <div className="max-h-[320px] overflow-auto rounded-md border" tabIndex={0}>
      <table data-testid={testId} className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-card">
          <tr>
            {table.columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className="border-b px-3 py-2 font-medium whitespace-nowrap"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index} className="border-b last:border-0">
              {row.map((value, column) =>
                column === 0 ? (
                  <th
                    key={column}
                    scope="row"
                    className="px-3 py-1.5 font-normal whitespace-nowrap"
                  >
                    {value}
                  </th>
                ) : (
                  <td key={column} className="px-3 py-1.5">
                    {value === null ? '—' : value.toLocaleString()}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
