import { queryOptions } from '@tanstack/react-query';
import type {
  ActivityBucket,
  ActivityChecklist,
  ActivityFeedResponse,
  CoverageMetrics,
  DocsMetrics,
  PendingTasksResponse,
  ViewsMetrics,
} from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** A metrics range as the screen holds it (`from`/`to` are UTC dates, both included). */
export interface MetricsRange {
  from: string;
  to: string;
  bucket: ActivityBucket;
  /** One repository (coverage, docs) or folder (views). */
  scope?: string;
}

/** What the feed is filtered by. */
export interface FeedFilters {
  /** Comma-separated categories. */
  category?: string;
  scope?: string;
}

/** Every activity query starts with this key: a new event invalidates them together. */
export const ACTIVITY_QUERY_KEY = ['activity'] as const;

/** `GET /api/v1/activity/events`: one page of the feed, newest first. */
export function getActivityFeed(
  filters: FeedFilters & { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<ActivityFeedResponse> {
  return api.v1.get<ActivityFeedResponse>('/activity/events', { query: { ...filters }, signal });
}

/** `GET /api/v1/activity/coverage`. */
export function getCoverageMetrics(range: MetricsRange, signal?: AbortSignal) {
  return api.v1.get<CoverageMetrics>('/activity/coverage', { query: { ...range }, signal });
}

/** `GET /api/v1/activity/docs`. */
export function getDocsMetrics(range: MetricsRange, signal?: AbortSignal) {
  return api.v1.get<DocsMetrics>('/activity/docs', { query: { ...range }, signal });
}

/** `GET /api/v1/activity/views`. */
export function getViewsMetrics(range: MetricsRange, signal?: AbortSignal) {
  return api.v1.get<ViewsMetrics>('/activity/views', { query: { ...range }, signal });
}

/** `GET /api/v1/activity/checklist`. */
export function getChecklist(signal?: AbortSignal) {
  return api.v1.get<ActivityChecklist>('/activity/checklist', { signal });
}

/** `GET /api/v1/tasks`: the caller's queued and running tasks of every kind. */
export function getPendingTasks(signal?: AbortSignal) {
  return api.v1.get<PendingTasksResponse>('/tasks', { signal });
}

export const checklistQueryOptions = () =>
  queryOptions({
    queryKey: [...ACTIVITY_QUERY_KEY, 'checklist'],
    queryFn: ({ signal }) => getChecklist(signal),
  });

export const coverageQueryOptions = (range: MetricsRange) =>
  queryOptions({
    queryKey: [...ACTIVITY_QUERY_KEY, 'coverage', range],
    queryFn: ({ signal }) => getCoverageMetrics(range, signal),
  });

export const docsQueryOptions = (range: MetricsRange) =>
  queryOptions({
    queryKey: [...ACTIVITY_QUERY_KEY, 'docs', range],
    queryFn: ({ signal }) => getDocsMetrics(range, signal),
  });

export const viewsQueryOptions = (range: MetricsRange) =>
  queryOptions({
    queryKey: [...ACTIVITY_QUERY_KEY, 'views', range],
    queryFn: ({ signal }) => getViewsMetrics(range, signal),
  });

/** The key of the pending tasks list the dashboard keeps current from the task stream. */
export const PENDING_TASKS_KEY = ['tasks', 'pending'] as const;
