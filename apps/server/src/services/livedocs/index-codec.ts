import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { FileIndex, Reference } from '@codedocs/engine';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The engine's JSON, gzipped for storage (models are repetitive: about 8× smaller). */
export async function encodeModel(value: FileIndex | Reference[]): Promise<Buffer> {
  return gzipAsync(Buffer.from(JSON.stringify(value)), { level: 6 });
}

async function decode<T>(data: Uint8Array): Promise<T> {
  return JSON.parse((await gunzipAsync(data)).toString('utf8')) as T;
}

/** A small least-recently-used map: reads of one commit reuse what the last request decoded. */
class Lru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

// Stored models never change for their key (content-addressed), so caching them is always safe.
const fileCache = new Lru<FileIndex>(2_000);
const referenceCache = new Lru<Reference[]>(4);

/** A stored file model, decoded (cached by repo, blob and path). */
export async function decodeFileIndex(
  repoId: string,
  row: { blob_sha: string; path: string; data: Uint8Array },
): Promise<FileIndex> {
  const key = `${repoId}\0${row.blob_sha}\0${row.path}`;
  const cached = fileCache.get(key);
  if (cached) return cached;
  const decoded = await decode<FileIndex>(row.data);
  fileCache.set(key, decoded);
  return decoded;
}

/** A commit's stored references, decoded (cached by repo and commit). */
export async function decodeReferences(
  repoId: string,
  commitId: string,
  data: Uint8Array,
): Promise<Reference[]> {
  const key = `${repoId}\0${commitId}`;
  const cached = referenceCache.get(key);
  if (cached) return cached;
  const decoded = await decode<Reference[]>(data);
  referenceCache.set(key, decoded);
  return decoded;
}
