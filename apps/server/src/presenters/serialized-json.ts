import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/**
 * Answers smaller than this go uncompressed: gzip saves little on them and costs a round of
 * zlib per version.
 */
export const GZIP_MIN_BYTES = 16 * 1024;

/**
 * A JSON answer serialized once and sent as is to every request for the same version of it (a
 * list of 20,000 files is 5 MB of JSON: building and validating it per request would cost more
 * than the rest of the request together, and hold a copy per request in flight). `etag` names
 * the version, so a client that holds it gets 304 without a body. Large answers are also gzipped
 * once per version (off the event loop's thread) for clients that accept it: the 5 MB list
 * travels as about a tenth of that, and no request pays for the compression again.
 */
export class SerializedJson {
  readonly body: Buffer;
  readonly etag: string;
  #gzipped: Promise<Buffer> | undefined;

  constructor(value: unknown, version: string) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `W/"${createHash('sha1').update(version).digest('base64url')}"`;
  }

  /** The body gzipped, made on first use and kept with this version. */
  gzipped(): Promise<Buffer> {
    this.#gzipped ??= gzipAsync(this.body);
    return this.#gzipped;
  }
}

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends `json` with its ETag, or 304 when the request already holds that version; gzipped when
 * it is large and the client accepts gzip.
 */
export async function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  json: SerializedJson,
): Promise<FastifyReply> {
  reply
    .header('etag', json.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  const held = request.headers['if-none-match'];
  if (held !== undefined && held.split(/\s*,\s*/).includes(json.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (json.body.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(await json.gzipped());
  }
  return reply.send(json.body);
}
