import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import type { Readable } from 'node:stream';

/** One file a build wrote, as `folder_files` records it. */
export interface WrittenFile {
  path: string;
  size: number;
  sha256: string;
  content_type: string;
}

/** Where one build writes its files (the sink `@codedocs/sitegen` streams into). */
export interface SiteBuildWriter {
  write(path: string, data: Uint8Array | string): Promise<void>;
  /**
   * Resolves once every write has reached the store (a store may overlap writes), or rejects
   * with the first that failed. Called before a build is published, and before it is removed.
   */
  finish(): Promise<void>;
  /** Every file written so far, in the order written. */
  written(): readonly WrittenFile[];
}

/**
 * Where sites live (DESIGN.md sections 2 and 7): one directory (or key prefix) per build of a
 * folder. A build writes a new one beside the published one; publishing is the database's
 * `build_id` changing, so readers never see a half-written site, and the old one is removed
 * after. Two implementations: the local disk (`localSiteStore`, the default) and S3-compatible
 * object storage (`s3SiteStore`); `siteStoreFor` picks by configuration.
 */
export interface SiteStore {
  writer(folderId: string, buildId: string): SiteBuildWriter;
  /** A file of a build, or null when it is not there. */
  open(folderId: string, buildId: string, path: string): Promise<Readable | null>;
  /** Removes one build, or every build of the folder. */
  remove(folderId: string, buildId?: string): Promise<void>;
  /** The builds on disk, by folder (to remove those no folder points at). */
  builds(): Promise<Map<string, string[]>>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The content type a site file is served with (by extension; unknown ones as bytes). */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[posix.extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A relative, normalised POSIX path inside a site: no absolute paths, no `..`, no empty or `.`
 * segments, no backslashes or control characters. Zips and the disk only ever see these.
 */
export function safeSitePath(path: string): string {
  const segments = path.split('/');
  if (
    path === '' ||
    path.includes('\\') ||
    [...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new Error(`not a site path: ${JSON.stringify(path)}`);
  }
  return segments.join('/');
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Whether `id` can name a folder or a build in a store (a path segment or key part). */
export function isSiteId(id: string): boolean {
  return ID.test(id);
}

/** `id`, or an error when it could not name a folder or a build. */
export function checkSiteId(id: string): string {
  if (!ID.test(id)) throw new Error(`not a site id: ${JSON.stringify(id)}`);
  return id;
}

/** The default store: `DATA_DIR/sites/<folder>/<build>/…`, readable by the server's user only. */
export function localSiteStore(dataDir: string): SiteStore {
  const root = join(dataDir, 'sites');
  const buildDir = (folderId: string, buildId: string) =>
    join(root, checkSiteId(folderId), checkSiteId(buildId));
  return {
    writer(folderId, buildId) {
      const dir = buildDir(folderId, buildId);
      const files: WrittenFile[] = [];
      return {
        async write(path, data) {
          const relative = safeSitePath(path);
          const target = join(dir, ...relative.split('/'));
          await mkdir(dirname(target), { recursive: true, mode: 0o700 });
          const bytes = typeof data === 'string' ? Buffer.from(data) : data;
          await writeFile(target, bytes, { mode: 0o600 });
          files.push({
            path: relative,
            size: bytes.byteLength,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            content_type: contentTypeOf(relative),
          });
        },
        finish: async () => undefined,
        written: () => files,
      };
    },
    async open(folderId, buildId, path) {
      const target = join(buildDir(folderId, buildId), ...safeSitePath(path).split('/'));
      try {
        if (!(await stat(target)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(target);
    },
    async remove(folderId, buildId) {
      const target = buildId ? buildDir(folderId, buildId) : join(root, checkSiteId(folderId));
      await rm(target, { recursive: true, force: true });
    },
    async builds() {
      const out = new Map<string, string[]>();
      let folders: string[];
      try {
        folders = await readdir(root);
      } catch {
        return out;
      }
      for (const folder of folders) {
        if (!ID.test(folder)) continue;
        out.set(
          folder,
          (await readdir(join(root, folder))).filter((b) => ID.test(b)),
        );
      }
      return out;
    },
  };
}
