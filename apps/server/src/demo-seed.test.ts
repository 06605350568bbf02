import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQLite, SQLITE_FILE_NAME } from '@codedocs/db';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `scripts/demo/demo.ts --seed-only` (what `npm run demo` seeds) on `dataDir`. */
function seedDemo(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/demo/demo.ts'), '--seed-only'],
      { cwd: root, env: { ...env, DEMO_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Issue 23: `npm run demo` seeds a whole sample account from code in node_modules. */
describe('the demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'codedocs-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds an account with documented repositories, a pocket and a site, once', async () => {
    const first = await seedDemo(dataDir);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('e-mail:    demo@codedocs.test');
    expect(first.output).toContain('password:  codedocs-demo');

    const db = new SQLite(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count('SELECT count(*) AS n FROM users')).toBe(1);
      expect(count("SELECT count(*) AS n FROM repos WHERE status = 'connected'")).toBe(2);
      expect(count('SELECT count(*) AS n FROM docs')).toBeGreaterThan(50);
      expect(count('SELECT count(*) AS n FROM compilation_objects')).toBeGreaterThan(50);
      expect(count("SELECT count(*) AS n FROM folders WHERE status = 'ready'")).toBe(1);
    } finally {
      db.close();
    }

    // a second run finds the account and seeds nothing more
    const second = await seedDemo(dataDir);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('The demo account exists already');
  }, 120_000);
});
