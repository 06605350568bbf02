import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes of every regular file under `dir` (symlinks are not followed); 0 when it is missing. */
export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(path);
    else if (entry.isFile())
      total += await lstat(path).then(
        (stats) => stats.size,
        () => 0,
      );
  }
  return total;
}

/**
 * Polls the size of `dir` while a git command writes into it and calls `onExceeded` once it grows
 * past `maxBytes`. Git has no "stop at N bytes" option for fetches, so the cap is enforced from
 * outside; a bare repository holds few files, so each poll is cheap. Returns a stop function.
 */
export function watchDirectorySize(
  dir: string,
  maxBytes: number,
  onExceeded: (size: number) => void,
  intervalMs = 200,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    if (stopped) return;
    const size = await directorySize(dir);
    if (stopped) return;
    if (size > maxBytes) {
      stopped = true;
      onExceeded(size);
      return;
    }
    timer = setTimeout(() => void poll(), intervalMs);
  };
  timer = setTimeout(() => void poll(), intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
