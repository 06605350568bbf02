import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors/index';
import { outboxEntrySchema, readOutbox } from '../../mail/outbox-mailer';
import { renderOutboxPage } from './outbox-page';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * `/api/dev/outbox` (HTML) and `/api/dev/outbox.json`: the mails of the local outbox. Registered
 * only in outbox mode; they carry sign-in links, so they answer 404 to anyone but this machine
 * unless MAIL_OUTBOX_PUBLIC=1.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.mailer.kind !== 'outbox') return;
  const { dataDir, mailOutboxPublic } = app.config;
  const onRequest = async (request: FastifyRequest) => {
    if (!mailOutboxPublic && !LOOPBACK.test(request.ip)) throw notFound();
  };
  const schema = { tags: ['dev'], hide: true };

  app.get('/dev/outbox', { onRequest, schema }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(await readOutbox(dataDir))),
  );

  app.get(
    '/dev/outbox.json',
    {
      onRequest,
      schema: { ...schema, response: { 200: z.object({ messages: z.array(outboxEntrySchema) }) } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { messages: await readOutbox(dataDir) };
    },
  );
};
