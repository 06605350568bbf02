import type { ActivityEvent, Task } from '@codedocs/contract';
import { ACTIVITY_EVENT, TASK_EVENT } from '@codedocs/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TaskEventBus } from '../../jobs/task-events';
import type { ActivityFeed } from '../../services/activity/activity-feed';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * The open streams of one app, so shutdown can end them: a hijacked response would otherwise keep
 * its connection, and `close()` waiting, for as long as the client stays.
 */
export class EventStreams {
  private readonly ends = new Set<() => void>();

  add(end: () => void): void {
    this.ends.add(end);
  }

  /** Forgets a stream; false when it was already gone. */
  delete(end: () => void): boolean {
    return this.ends.delete(end);
  }

  /** Ends every open stream; called before the server closes. */
  endAll(): void {
    for (const end of [...this.ends]) end();
  }
}

/**
 * Turns the response into a server-sent event stream of the user's task changes and new activity:
 * one `task` event per change, one `activity` event per new event once its transaction has
 * committed, a heartbeat comment every 15 s, everything released when the client goes.
 */
export function streamTaskEvents(
  streams: EventStreams,
  sources: { tasks: TaskEventBus; activity: ActivityFeed },
  userId: string,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies buffer responses unless told not to.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  response.write(': connected\n\n');

  const send = (task: Task) => {
    response.write(`event: ${TASK_EVENT}\ndata: ${JSON.stringify(task)}\n\n`);
  };
  const sendActivity = (event: ActivityEvent) => {
    response.write(`event: ${ACTIVITY_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const unsubscribeTasks = sources.tasks.subscribe(userId, send);
  const unsubscribeActivity = sources.activity.subscribe(userId, sendActivity);
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), SSE_HEARTBEAT_MS);

  const end = () => {
    if (!streams.delete(end)) return;
    clearInterval(heartbeat);
    unsubscribeTasks();
    unsubscribeActivity();
    response.end();
  };
  streams.add(end);
  request.raw.on('close', end);
  response.on('close', end);
}
