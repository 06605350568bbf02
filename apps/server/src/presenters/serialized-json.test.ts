import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, GZIP_MIN_BYTES, SerializedJson, sendSerialized } from './serialized-json';

const files = Array.from({ length: 2000 }, (_, i) => ({
  file_id: `f${i}`,
  file_path: `src/module-${i % 40}/file-${i}.ts`,
}));
const large = new SerializedJson({ files }, 'v1');
const small = new SerializedJson({ files: files.slice(0, 2) }, 'v1');
const app = Fastify();
app.get('/large', (request, reply) => sendSerialized(request, reply, large));
app.get('/small', (request, reply) => sendSerialized(request, reply, small));

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('serialized answers', () => {
  it('reads which Accept-Encoding headers take gzip', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('gzips a large answer for a client that accepts it, the same JSON once unpacked', async () => {
    expect(large.body.length).toBeGreaterThan(GZIP_MIN_BYTES);
    const answer = await app.inject({
      url: '/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toContain('accept-encoding');
    expect(answer.headers['content-type']).toContain('application/json');
    const raw = answer.rawPayload;
    expect(raw.length).toBeLessThan(large.body.length / 5);
    expect(JSON.parse(gunzipSync(raw).toString('utf8'))).toEqual({ files });
    // the second request is answered from the same compressed bytes
    expect(await large.gzipped()).toBe(await large.gzipped());
  });

  it('sends plain JSON without Accept-Encoding, and small answers always plain', async () => {
    const plain = await app.inject({ url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ files });
    const tiny = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ files: files.slice(0, 2) });
  });

  it('answers 304 with no body to a client holding the version, whatever it accepts', async () => {
    const answer = await app.inject({
      url: '/large',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': large.etag },
    });
    expect(answer.statusCode).toBe(304);
    expect(answer.rawPayload.length).toBe(0);
  });
});
