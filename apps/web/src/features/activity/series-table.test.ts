import { describe, expect, it } from 'vitest';
import type { CoverageMetrics, DocsMetrics, ViewsMetrics } from '@codedocs/contract';
import {
  chartRows,
  coverageTable,
  docsTable,
  generatedTable,
  hasValues,
  staleTable,
  toCsv,
  viewsTable,
} from './series-table';

const frame = { from: '2026-03-01', to: '2026-03-03', bucket: 'day' as const };
const buckets = ['2026-03-01', '2026-03-02', '2026-03-03'];

describe('series tables', () => {
  it('turns coverage into percentages and stale counts per repository, null before a snapshot', () => {
    const metrics: CoverageMetrics = {
      ...frame,
      buckets,
      repositories: [
        {
          repo_id: 'a',
          name: 'lib',
          points: [
            null,
            { objects: 8, documented: 2, generated: 3, stale: 1 },
            { objects: 8, documented: 8, generated: 0, stale: 0 },
          ],
          current: null,
        },
        {
          repo_id: 'b',
          name: 'lib',
          points: [null, null, { objects: 0, documented: 0, generated: 0, stale: 0 }],
          current: null,
        },
      ],
    };
    expect(coverageTable(metrics)).toEqual({
      columns: ['Date', 'lib', 'lib'],
      rows: [
        ['2026-03-01', null, null],
        ['2026-03-02', 25, null],
        ['2026-03-03', 100, null],
      ],
    });
    expect(generatedTable(metrics).rows).toEqual([
      ['2026-03-01', null, null],
      ['2026-03-02', 3, null],
      ['2026-03-03', 0, 0],
    ]);
    // a day counted before documented meant a usable summary has no coverage figure
    expect(
      coverageTable({
        ...metrics,
        repositories: [
          {
            ...metrics.repositories[0]!,
            points: [null, { objects: 8, documented: null, generated: null, stale: 1 }, null],
          },
        ],
      }).rows[1],
    ).toEqual(['2026-03-02', null]);
    expect(staleTable(metrics).rows).toEqual([
      ['2026-03-01', null, null],
      ['2026-03-02', 1, null],
      ['2026-03-03', 0, 0],
    ]);
    // two repositories of one name stay two series
    expect(chartRows(coverageTable(metrics))[1]).toEqual({ date: '2026-03-02', s0: 25, s1: null });
  });

  it('lists generated, edited and reviewed per bucket, and views per site', () => {
    const docs: DocsMetrics = {
      ...frame,
      bucket: 'week',
      buckets,
      series: { generated: [40, 0, 3], edited: [0, 2, 0], reviewed: [0, 0, 1] },
      totals: { generated: 43, edited: 2, reviewed: 1 },
      people: [],
    };
    expect(docsTable(docs)).toEqual({
      columns: ['Week of', 'Generated fields', 'Edited fields', 'Reviewed objects'],
      rows: [
        ['2026-03-01', 40, 0, 0],
        ['2026-03-02', 0, 2, 0],
        ['2026-03-03', 3, 0, 1],
      ],
    });
    const views: ViewsMetrics = {
      ...frame,
      buckets,
      series: { views: [0, 0, 0] },
      totals: { views: 0 },
      folders: [{ folder_id: 'f', name: null, views: [0, 0, 0], total: 0 }],
      shares: [],
    };
    expect(viewsTable(views).columns).toEqual(['Date', 'All sites', 'Deleted site']);
    expect(hasValues(viewsTable(views))).toBe(false);
    expect(hasValues(docsTable(docs))).toBe(true);
  });

  it('writes CSV with quoting and without formulas', () => {
    expect(
      toCsv({
        columns: ['Date', 'a, "b"', '=cmd'],
        rows: [['2026-03-01', 1, null]],
      }),
    ).toBe('Date,"a, ""b""",\'=cmd\r\n2026-03-01,1,');
  });
});
