import {
  pendingTasksQuerySchema,
  pendingTasksResponseSchema,
  taskParamsSchema,
  taskSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { EventStreams, streamTaskEvents } from './event-stream';

const tags = ['tasks'];

/** `/api/v1/tasks/{id}` and `/api/v1/events`: background task status, polled or streamed. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new EventStreams();
  app.addHook('preClose', (done) => {
    streams.endAll();
    done();
  });

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: "The caller's queued and running tasks, oldest first (at most 100)",
        querystring: pendingTasksQuerySchema,
        response: { 200: pendingTasksResponseSchema },
      },
    },
    async (request) => ({
      tasks: await app.jobs.queue.pending(userIdOf(request), request.query.kind),
    }),
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: "One of the caller's background tasks",
        params: taskParamsSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) => app.jobs.queue.get(request.params.id, userIdOf(request)),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: "Cancels one of the caller's queued or running tasks (409 once it has finished)",
        params: taskParamsSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) => app.jobs.queue.cancel(request.params.id, userIdOf(request)),
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary:
          "Server-sent events: a `task` event (Task JSON) per change of the caller's tasks, an `activity` event (ActivityEvent JSON) per new event of the caller's activity",
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      const sources = { tasks: app.jobs.events, activity: app.activity };
      streamTaskEvents(streams, sources, userIdOf(request), request, reply);
    },
  );
};
