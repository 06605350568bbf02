import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip, gzip } from 'node:zlib';
import type { FileIndex, Reference } from '@codedocs/engine';
import { Lru } from '../../repositories/memo';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The engine's JSON, gzipped for storage (models are repetitive: about 8× smaller). */
export async function encodeModel(value: FileIndex | Reference[]): Promise<Buffer> {
  return gzipAsync(Buffer.from(JSON.stringify(value)), { level: 6 });
}

async function decode<T>(data: Uint8Array): Promise<T> {
  return JSON.parse((await gunzipAsync(data)).toString('utf8')) as T;
}

/** References turned into JSON at once by ReferencesEncoder. */
const ENCODE_SLICE = 2_000;

/**
 * A commit's references, written a file at a time as they are resolved and gzipped on the fly,
 * so the whole list never exists in memory as objects or as one JSON string. The stored format
 * is the same gzipped JSON array encodeModel writes; files come in the order they resolved.
 */
export class ReferencesEncoder {
  private readonly gzip = createGzip({ level: 6 });
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<void>;
  private empty = true;

  constructor() {
    this.gzip.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = finished(this.gzip);
    this.gzip.write('[');
  }

  /**
   * Appends references (one file's, or a long run of them, written a slice at a time so no JSON
   * string grows with the list); waits while the compressor catches up.
   */
  async add(references: readonly Reference[]): Promise<void> {
    for (let start = 0; start < references.length; start += ENCODE_SLICE) {
      const text = JSON.stringify(references.slice(start, start + ENCODE_SLICE)).slice(1, -1);
      const more = this.gzip.write(this.empty ? text : `,${text}`);
      this.empty = false;
      if (!more) await once(this.gzip, 'drain');
    }
  }

  /** Closes the array; the gzipped bytes to store. */
  async finish(): Promise<Buffer> {
    this.gzip.end(']');
    await this.done;
    return Buffer.concat(this.chunks);
  }
}

/** A stored file model, decoded without keeping it in the cache (bulk reads while indexing). */
export function decodeFileIndexUncached(row: { data: Uint8Array }): Promise<FileIndex> {
  return decode<FileIndex>(row.data);
}

/**
 * References in file order, each file's in source order. Commits indexed as a stream store files
 * in the order they resolved; a stable sort by file puts them back (already-sorted lists, as
 * older commits stored them, are left as they are).
 */
function inFileOrder(references: Reference[]): Reference[] {
  for (let i = 1; i < references.length; i++) {
    if (references[i - 1]!.fromFile > references[i]!.fromFile) {
      return references.sort((a, b) =>
        a.fromFile < b.fromFile ? -1 : a.fromFile > b.fromFile ? 1 : 0,
      );
    }
  }
  return references;
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
  const decoded = inFileOrder(await decode<Reference[]>(data));
  referenceCache.set(key, decoded);
  return decoded;
}
