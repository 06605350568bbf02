import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import type { Download } from '@playwright/test';
import { zipEntries } from '../apps/server/src/test/zip-entries';

/** Every entry of a zip file by name, read with yauzl (as an unzip tool would). */
export function readZip(path: string): Promise<Map<string, Buffer>> {
  return zipEntries(readFileSync(path));
}

/** Unpacks a downloaded zip into `dir`, refusing any name that would leave it. */
export async function unzipDownload(download: Download, dir: string): Promise<string[]> {
  const zipPath = join(dir, '..', `${download.suggestedFilename()}`);
  await download.saveAs(zipPath);
  const entries = await readZip(zipPath);
  for (const [name, bytes] of entries) {
    const target = normalize(join(dir, name));
    if (!target.startsWith(dir + sep)) throw new Error(`zip entry outside the folder: ${name}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return [...entries.keys()].sort();
}
