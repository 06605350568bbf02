import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { SiteStore } from './site-store';

/** Files of a build opened ahead of the one being zipped (requests in flight to the store). */
export const ZIP_OPEN_AHEAD = 8;

export interface ZipSiteOptions {
  /** Entries' modification time. */
  mtime: Date;
  /** Files opened at once, the one being written included (default ZIP_OPEN_AHEAD). */
  ahead?: number;
  /** Told why a zip stopped half way (its stream is destroyed with the same error). */
  onError?: (error: Error) => void;
}

/**
 * A zip of some files of one build, streamed. Entries are written in the order given, one at a
 * time, but up to `ahead` files are opened before their turn: from object storage each open is
 * a round trip (a GET whose body then waits, unread, in its socket), so a site of many small
 * files costs about files / ahead round trips instead of one per file, and no more than `ahead`
 * files (or connections) are ever held open.
 */
export function zipSiteFiles(
  store: SiteStore,
  folderId: string,
  buildId: string,
  files: readonly { path: string; size: number }[],
  options: ZipSiteOptions,
): Readable {
  const ahead = Math.max(1, options.ahead ?? ZIP_OPEN_AHEAD);
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const opening: Promise<Readable | null>[] = [];
  const open = (i: number) => {
    if (i >= files.length || opening[i]) return;
    opening[i] = store.open(folderId, buildId, files[i]!.path);
    // a failure is seen when its turn comes; until then it must not count as unhandled
    opening[i]!.catch(() => undefined);
  };
  void (async () => {
    let i = 0;
    try {
      for (; i < files.length; i++) {
        for (let next = i; next < i + ahead; next++) open(next);
        const file = files[i]!;
        const stream = await opening[i]!;
        if (!stream) throw new Error(`a file of the site is missing: ${file.path}`);
        await new Promise<void>((resolve, reject) => {
          stream.once('end', resolve).once('error', reject);
          zip.addReadStream(stream, file.path, { mtime: options.mtime, size: file.size });
        });
      }
      zip.end();
    } catch (failure) {
      const error = failure instanceof Error ? failure : new Error(String(failure));
      // the files opened ahead are not read: let their connections go
      for (const pending of opening.slice(i + 1)) {
        void pending?.then(
          (stream) => stream?.destroy(),
          () => undefined,
        );
      }
      options.onError?.(error);
      out.destroy(error);
    }
  })();
  return out;
}
