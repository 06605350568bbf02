import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3SiteStoreConfig } from '../sites/s3-site-store';

/** s3rver's built-in account: requests must be signed with it (signatures are checked). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server (s3rver, from npm) on 127.0.0.1 with its files in a temp folder. */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The store configuration for this server, with `prefix`. */
  config(prefix?: string): S3SiteStoreConfig;
  /** A client signed with s3rver's account. */
  client(): S3Client;
  /** The environment a child process needs to reach it through the configuration. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver on a free port with one bucket. */
export async function startS3Server(bucket = 'codedocs-sites'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'codedocs-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (prefix = ''): S3SiteStoreConfig => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    prefix,
    forcePathStyle: true,
  });
  const clients: S3Client[] = [];
  return {
    endpoint,
    bucket,
    config,
    client() {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      clients.push(client);
      return client;
    },
    env: (prefix = '') => ({
      SITES_S3_BUCKET: bucket,
      SITES_S3_ENDPOINT: endpoint,
      SITES_S3_REGION: 'us-east-1',
      ...(prefix && { SITES_S3_PREFIX: prefix }),
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    async stop() {
      for (const client of clients) client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
