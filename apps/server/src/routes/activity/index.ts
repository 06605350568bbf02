import {
  activityChecklistSchema,
  activityFeedQuerySchema,
  activityFeedResponseSchema,
  activityRangeQuerySchema,
  coverageMetricsSchema,
  docsMetricsSchema,
  viewsMetricsSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { activityChecklist, listActivity } from '../../services/activity/feed-service';
import {
  coverageMetrics,
  docsMetrics,
  viewsMetrics,
} from '../../services/activity/metrics-service';

const tags = ['activity'];

/**
 * Activity metrics (issue 19, under `/api/v1`): the feed, the series over a date range, and the
 * first-run checklist. New events arrive live as `activity` events on `GET /api/v1/events`.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activity/events',
    {
      schema: {
        tags,
        summary:
          "The caller's activity, newest first: filter by categories and by the repository, folder or compilation it is counted under",
        querystring: activityFeedQuerySchema,
        response: { 200: activityFeedResponseSchema },
      },
    },
    async (request) => listActivity(app.services, userIdOf(request), request.query),
  );

  app.get(
    '/activity/coverage',
    {
      schema: {
        tags,
        summary: 'Objects, documented and stale per repository at the end of each day or week',
        querystring: activityRangeQuerySchema,
        response: { 200: coverageMetricsSchema },
      },
    },
    async (request) => coverageMetrics(app.services, userIdOf(request), request.query),
  );

  app.get(
    '/activity/docs',
    {
      schema: {
        tags,
        summary:
          'Fields generated vs saved by people and objects reviewed per day or week, and edits per person',
        querystring: activityRangeQuerySchema,
        response: { 200: docsMetricsSchema },
      },
    },
    async (request) => docsMetrics(app.services, userIdOf(request), request.query),
  );

  app.get(
    '/activity/views',
    {
      schema: {
        tags,
        summary: "Views of the caller's sites per day or week, per folder and per share",
        querystring: activityRangeQuerySchema,
        response: { 200: viewsMetricsSchema },
      },
    },
    async (request) => viewsMetrics(app.services, userIdOf(request), request.query),
  );

  app.get(
    '/activity/checklist',
    {
      schema: {
        tags,
        summary:
          'Which first-run steps (connect, generate, pocket, site, share) the caller has done',
        response: { 200: activityChecklistSchema },
      },
    },
    async (request) => activityChecklist(app.services, userIdOf(request)),
  );
};
