import { rmSync } from 'node:fs';

/** Removes the temporary DATA_DIR the shared server ran on. */
export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
