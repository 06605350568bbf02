import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  checkSiteId,
  contentTypeOf,
  isSiteId,
  safeSitePath,
  type SiteStore,
  type WrittenFile,
} from './site-store';

/** Where an S3-compatible store keeps sites (SITES_S3_* in the configuration). */
export interface S3SiteStoreConfig {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2…); unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Prepended to every key, ending in `/` when not empty. */
  prefix: string;
  /** Addresses buckets as `endpoint/bucket/key` (most S3-compatible servers want this). */
  forcePathStyle: boolean;
}

export interface S3SiteStoreOptions {
  /** A client of one's own (tests pass credentials); otherwise one from the configuration. */
  client?: S3Client;
  /** Writes of one build in flight at once. */
  concurrency?: number;
  /** Keys per list request (S3 answers at most 1000; tests use a small page). */
  pageSize?: number;
}

/** The client for `config`, credentials from the SDK's usual chain (AWS_ACCESS_KEY_ID…). */
export function s3ClientOf(config: S3SiteStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the
    // CRC trailers the SDK otherwise adds to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Sites in S3-compatible object storage: `<prefix>sites/<folder>/<build>/<path>`, the same
 * layout as the disk. A build's keys share a prefix nobody reads until the folder's row names
 * that build, so publishing stays the database's `build_id` changing, as on the disk.
 * Listing uses no delimiter (some S3-compatible servers get delimited listings of nested keys
 * wrong, s3rver among them), so `builds()` reads every site key once: it runs from the hourly
 * clean-up only.
 */
export function s3SiteStore(
  config: S3SiteStoreConfig,
  options: S3SiteStoreOptions = {},
): SiteStore {
  const client = options.client ?? s3ClientOf(config);
  const concurrency = options.concurrency ?? 8;
  const pageSize = options.pageSize ?? 1000;
  const root = `${config.prefix}sites/`;
  const Bucket = config.bucket;

  // ListObjects (v1) paged by the last key: every S3-compatible server has it, where v2's
  // continuation tokens are not (s3rver cannot make them on Node >= 17, whose OpenSSL dropped DES).
  async function* keysUnder(prefix: string): AsyncGenerator<string> {
    let marker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListObjectsCommand({
          Bucket,
          Prefix: prefix,
          MaxKeys: pageSize,
          ...(marker && { Marker: marker }),
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      yield* keys;
      const last = keys[keys.length - 1];
      if (!page.IsTruncated || !last) return;
      marker = last;
    }
  }

  async function deleteUnder(prefix: string): Promise<void> {
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const answer = await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Message}`);
      batch = [];
    };
    // listed in full first: deleting while paging could make a page skip keys
    const keys: string[] = [];
    for await (const key of keysUnder(prefix)) keys.push(key);
    for (const key of keys) {
      batch.push(key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  return {
    writer(folderId, buildId) {
      const base = `${root}${checkSiteId(folderId)}/${checkSiteId(buildId)}/`;
      const files: WrittenFile[] = [];
      const inFlight = new Set<Promise<void>>();
      let failure: unknown;
      const settle = async () => {
        await Promise.all(inFlight);
        if (failure !== undefined) throw failure;
      };
      return {
        async write(path, data) {
          if (failure !== undefined) throw failure;
          const relative = safeSitePath(path);
          const bytes = typeof data === 'string' ? Buffer.from(data) : data;
          const contentType = contentTypeOf(relative);
          files.push({
            path: relative,
            size: bytes.byteLength,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            content_type: contentType,
          });
          // Uploads overlap (one round trip per file would dominate a build); a failure
          // surfaces on a later write or in finish().
          const upload = client
            .send(
              new PutObjectCommand({
                Bucket,
                Key: base + relative,
                Body: bytes,
                ContentType: contentType,
                ContentLength: bytes.byteLength,
              }),
            )
            .then(
              () => undefined,
              (error: unknown) => {
                failure ??= error;
              },
            )
            .finally(() => inFlight.delete(upload));
          inFlight.add(upload);
          while (inFlight.size >= concurrency) await Promise.race(inFlight);
        },
        finish: settle,
        written: () => files,
      };
    },
    async open(folderId, buildId, path) {
      const Key = `${root}${checkSiteId(folderId)}/${checkSiteId(buildId)}/${safeSitePath(path)}`;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(folderId, buildId) {
      const folder = `${root}${checkSiteId(folderId)}/`;
      await deleteUnder(buildId ? `${folder}${checkSiteId(buildId)}/` : folder);
    },
    async builds() {
      const out = new Map<string, string[]>();
      for await (const key of keysUnder(root)) {
        const [folder, build] = key.slice(root.length).split('/');
        if (!folder || !build || !isSiteId(folder) || !isSiteId(build)) continue;
        const builds = out.get(folder) ?? [];
        if (!builds.includes(build)) builds.push(build);
        out.set(folder, builds);
      }
      return out;
    },
  };
}
