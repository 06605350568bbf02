import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer serialized once and sent as is to every request for the same version of it (a
 * list of 20,000 files is 5 MB of JSON: building and validating it per request would cost more
 * than the rest of the request together, and hold a copy per request in flight). `etag` names
 * the version, so a client that holds it gets 304 without a body.
 */
export class SerializedJson {
  readonly body: Buffer;
  readonly etag: string;

  constructor(value: unknown, version: string) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `W/"${createHash('sha1').update(version).digest('base64url')}"`;
  }
}

/** Sends `json` with its ETag, or 304 when the request already holds that version. */
export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  json: SerializedJson,
): FastifyReply {
  reply.header('etag', json.etag).header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  if (held !== undefined && held.split(/\s*,\s*/).includes(json.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json.body);
}
