import type { CoverageMetrics, DocsMetrics, ViewsMetrics } from '@codedocs/contract';

/**
 * A chart's numbers as a table: what its table view shows, what its CSV holds, and (as rows of
 * objects keyed by column) what the chart draws. The first column is the bucket's first day.
 */
export interface SeriesTable {
  /** Column headings; the first is "Date" (or "Week of"). */
  columns: string[];
  /** One row per bucket; null where a series has no value yet. */
  rows: (string | number | null)[][];
}

const dateHeading = (bucket: 'day' | 'week') => (bucket === 'week' ? 'Week of' : 'Date');

/**
 * Documented objects as a percentage of all objects, to one decimal (null without objects, or
 * for a day counted before documented meant a usable summary).
 */
export function coveragePercent(point: { objects: number; documented: number | null } | null) {
  if (!point || point.objects === 0 || point.documented === null) return null;
  return Math.round((point.documented / point.objects) * 1000) / 10;
}

/** Coverage (%) of each repository at the end of each bucket. */
export function coverageTable(metrics: CoverageMetrics): SeriesTable {
  return {
    columns: [dateHeading(metrics.bucket), ...metrics.repositories.map((repo) => repo.name)],
    rows: metrics.buckets.map((start, at) => [
      start,
      ...metrics.repositories.map((repo) => coveragePercent(repo.points[at] ?? null)),
    ]),
  };
}

/** Stale objects of each repository at the end of each bucket. */
export function staleTable(metrics: CoverageMetrics): SeriesTable {
  return {
    columns: [dateHeading(metrics.bucket), ...metrics.repositories.map((repo) => repo.name)],
    rows: metrics.buckets.map((start, at) => [
      start,
      ...metrics.repositories.map((repo) => repo.points[at]?.stale ?? null),
    ]),
  };
}

/** Objects with generated text only (nobody accepted it yet) of each repository per bucket. */
export function generatedTable(metrics: CoverageMetrics): SeriesTable {
  return {
    columns: [dateHeading(metrics.bucket), ...metrics.repositories.map((repo) => repo.name)],
    rows: metrics.buckets.map((start, at) => [
      start,
      ...metrics.repositories.map((repo) => repo.points[at]?.generated ?? null),
    ]),
  };
}

/** Fields generated, fields edited by people and objects reviewed per bucket. */
export function docsTable(metrics: DocsMetrics): SeriesTable {
  return {
    columns: [dateHeading(metrics.bucket), 'Generated fields', 'Edited fields', 'Reviewed objects'],
    rows: metrics.buckets.map((start, at) => [
      start,
      metrics.series.generated[at] ?? 0,
      metrics.series.edited[at] ?? 0,
      metrics.series.reviewed[at] ?? 0,
    ]),
  };
}

/** Site views per bucket: in total and per folder. */
export function viewsTable(metrics: ViewsMetrics): SeriesTable {
  return {
    columns: [
      dateHeading(metrics.bucket),
      'All sites',
      ...metrics.folders.map((folder) => folder.name ?? 'Deleted site'),
    ],
    rows: metrics.buckets.map((start, at) => [
      start,
      metrics.series.views[at] ?? 0,
      ...metrics.folders.map((folder) => folder.views[at] ?? 0),
    ]),
  };
}

/** Whether a table has any value other than zero or nothing (else the chart shows "empty"). */
export function hasValues(table: SeriesTable): boolean {
  return table.rows.some((row) => row.slice(1).some((value) => value !== null && value !== 0));
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // a cell a spreadsheet would run as a formula is quoted with a leading apostrophe
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The table as CSV (RFC 4180, CRLF line ends). */
export function toCsv(table: SeriesTable): string {
  return [table.columns, ...table.rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** The data key of a table's series `index` (0 for its second column) in chartRows. */
export const seriesKey = (index: number) => `s${index}`;

/**
 * The table's rows as objects for a chart: the date under `date`, each series under
 * seriesKey(index) (names can repeat: two repositories may share one).
 */
export function chartRows(table: SeriesTable): Record<string, string | number | null>[] {
  return table.rows.map((row) => {
    const entry: Record<string, string | number | null> = { date: row[0] ?? '' };
    row.slice(1).forEach((value, index) => {
      entry[seriesKey(index)] = value;
    });
    return entry;
  });
}
