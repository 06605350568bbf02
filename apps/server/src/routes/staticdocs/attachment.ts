import type { FastifyReply } from 'fastify';

/** `Content-Disposition` for a download named `name` (ASCII fallback and UTF-8 form). */
export function attachment(reply: FastifyReply, name: string): FastifyReply {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply.header(
    'content-disposition',
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
}
