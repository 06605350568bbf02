import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

// The engine's own WebAssembly (wasm/*.wasm) is committed as built; here each module is rebuilt
// from its C source by the script that built it and compared byte for byte. The toolchain is
// Debian's clang, lld (wasm-ld) and wasi-libc, which .ci/run installs: a missing one skips this
// with a printed reason, except under CI=1, where it fails.
const engine = join(import.meta.dirname, '..');

function missingToolchain(): string | undefined {
  for (const [command, args] of [
    ['clang', ['--version']],
    ['wasm-ld', ['--version']],
  ] as const) {
    try {
      execFileSync(command, args, { stdio: 'ignore' });
    } catch {
      return `\`${command}\` is not installed (Debian: clang lld wasi-libc)`;
    }
  }
  if (!existsSync('/usr/include/wasm32-wasi'))
    return "WASI's libc headers are not in /usr/include/wasm32-wasi (Debian: wasi-libc)";
  return undefined;
}

const missing = missingToolchain();
if (missing) {
  if (process.env.CI) throw new Error(`wasm rebuild: ${missing}; .ci/run installs it`);
  console.warn(`wasm rebuild skipped: ${missing}`);
}

const out = mkdtempSync(join(tmpdir(), 'engine-wasm-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const builds = [
  // (its build fetches tree-sitter's headers with `npm pack`)
  { name: 'tree-dump', script: 'scripts/build-tree-dump.mjs', args: [] },
];

for (const { name, script, args } of builds) {
  test.skipIf(missing !== undefined)(
    `wasm/${name}.wasm is what wasm/${name}.c builds`,
    () => {
      execFileSync('node', [join(engine, script), ...args, `--out=${out}`], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const rebuilt = readFileSync(join(out, `${name}.wasm`));
      const committed = readFileSync(join(engine, `wasm/${name}.wasm`));
      expect(
        rebuilt.equals(committed),
        `wasm/${name}.wasm differs from its rebuild: run npm run build:wasm -w @codedocs/engine`,
      ).toBe(true);
    },
    120_000,
  );
}
