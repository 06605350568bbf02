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
import { requireAuth } from '../../plugins/authenticate';
import { activityChecklist, listActivity } from '../../services/activity/feed-service';
import {
  coverageMetrics,
  docsMetrics,
  viewsMetrics,
} from '../../services/activity/metrics-service';

const tags = ['activity'];
const security = [{ bearerAuth: [] }];

/**
 * Activity metrics (issue 19, under `/api/v1`): the feed, the series over a date range, and the
 * first-run checklist. New events arrive live as `activity` events on `GET /api/v1/events`.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authenticate;
  const userOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.get(
    '/activity/events',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "The caller's activity, newest first: filter by categories and by the repository, folder or compilation it is counted under",
        querystring: activityFeedQuerySchema,
        response: { 200: activityFeedResponseSchema },
      },
    },
    async (request) => listActivity(app.services, userOf(request), request.query),
  );

  app.get(
    '/activity/coverage',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Objects, documented and stale per repository at the end of each day or week',
        querystring: activityRangeQuerySchema,
        response: { 200: coverageMetricsSchema },
      },
    },
    async (request) => coverageMetrics(app.services, userOf(request), request.query),
  );

  app.get(
    '/activity/docs',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Fields generated vs saved by people and objects reviewed per day or week, and edits per person',
        querystring: activityRangeQuerySchema,
        response: { 200: docsMetricsSchema },
      },
    },
    async (request) => docsMetrics(app.services, userOf(request), request.query),
  );

  app.get(
    '/activity/views',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Views of the caller's sites per day or week, per folder and per share",
        querystring: activityRangeQuerySchema,
        response: { 200: viewsMetricsSchema },
      },
    },
    async (request) => viewsMetrics(app.services, userOf(request), request.query),
  );

  app.get(
    '/activity/checklist',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Which first-run steps (connect, generate, pocket, site, share) the caller has done',
        response: { 200: activityChecklistSchema },
      },
    },
    async (request) => activityChecklist(app.services, userOf(request)),
  );
};
