import { useQuery } from '@tanstack/react-query';
import type { DocsMetrics, ViewsMetrics } from '@codedocs/contract';
import {
  coverageQueryOptions,
  docsQueryOptions,
  viewsQueryOptions,
  type MetricsRange,
} from '../api/activity-calls';
import { coverageTable, docsTable, generatedTable, staleTable, viewsTable } from '../series-table';
import { ChartCard, SeriesTableView } from './chart-card';

/** The charts of the activity screen for one range. */
export function MetricsPanel({ range }: { range: MetricsRange }) {
  const coverage = useQuery(coverageQueryOptions(range));
  const docs = useQuery(docsQueryOptions(range));
  const views = useQuery(viewsQueryOptions(range));
  const name = (chart: string) => `${chart}-${range.from}-${range.to}-${range.bucket}`;
  const state = (query: { isPending: boolean; error: Error | null; refetch: () => unknown }) => ({
    loading: query.isPending,
    error: query.error ? query.error.message : null,
    onRetry: () => void query.refetch(),
  });
  return (
    <div className="grid min-w-0 gap-4 xl:grid-cols-2">
      <ChartCard
        title="Coverage"
        description="Share of each repository's objects documented — a summary from the author, a person, or generated text a person accepted — at the end of each day or week."
        testId="chart-coverage"
        table={coverage.data && coverageTable(coverage.data)}
        {...state(coverage)}
        chart={{ type: 'line', unit: '%' }}
        csvName={name('coverage')}
        emptyText="No repository was indexed in this range."
      />
      <ChartCard
        title="Stale docs"
        description="Objects whose docs were written for code that has changed since."
        testId="chart-stale"
        table={coverage.data && staleTable(coverage.data)}
        {...state(coverage)}
        chart={{ type: 'line' }}
        csvName={name('stale')}
        emptyText="Nothing went stale in this range."
      />
      <ChartCard
        title="Generated, not yet accepted"
        description="Objects whose only docs are generated text nobody has accepted: they count as documented once a person accepts or edits their summary."
        testId="chart-generated"
        table={coverage.data && generatedTable(coverage.data)}
        {...state(coverage)}
        chart={{ type: 'line' }}
        csvName={name('generated')}
        emptyText="No generated-only objects in this range."
      />
      <ChartCard
        title="Generated and edited"
        description="Fields written by generation (left axis) and saved by people, and objects reviewed (right axis)."
        testId="chart-docs"
        table={docs.data && docsTable(docs.data)}
        {...state(docs)}
        chart={{ type: 'bar', rightAxis: [1, 2] }}
        csvName={name('docs')}
        emptyText="No docs were generated or edited in this range."
        footer={docs.data && <People metrics={docs.data} />}
      />
      <ChartCard
        title="Site views"
        description="Opens of your sites from the app and through shared links, per site."
        testId="chart-views"
        table={views.data && viewsTable(views.data)}
        {...state(views)}
        chart={{ type: 'bar', stacked: true, hidden: [0] }}
        csvName={name('views')}
        emptyText="No site was opened in this range."
        footer={views.data && <Shares metrics={views.data} />}
      />
    </div>
  );
}

/** Fields saved per person in the range. */
function People({ metrics }: { metrics: DocsMetrics }) {
  if (metrics.people.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-2">
      <h3 className="text-sm font-medium">Edits per person</h3>
      <SeriesTableView
        caption="Edits per person"
        testId="chart-docs-people"
        table={{
          columns: ['Person', 'Fields saved'],
          rows: metrics.people.map((person) => [person.name, person.edits]),
        }}
      />
    </div>
  );
}

/** Opens per shared link in the range. */
function Shares({ metrics }: { metrics: ViewsMetrics }) {
  if (metrics.shares.length === 0) return null;
  const folderName = (id: string | null) =>
    metrics.folders.find((folder) => folder.folder_id === id)?.name ?? 'Deleted site';
  return (
    <div className="mt-4 flex flex-col gap-2">
      <h3 className="text-sm font-medium">Opens per shared link</h3>
      <SeriesTableView
        caption="Opens per shared link"
        testId="chart-views-shares"
        table={{
          columns: ['Site', 'Link', 'Opens'],
          rows: metrics.shares.map((share) => [
            folderName(share.folder_id),
            share.kind ? `${share.kind} link` : 'Removed link',
            share.total,
          ]),
        }}
      />
    </div>
  );
}
