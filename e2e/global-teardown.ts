import { rmSync } from 'node:fs';

/** Removes the temporary DATA_DIR the shared server ran on and the e2e git daemon's repositories. */
export default function globalTeardown(): void {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_GIT_DIR]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
