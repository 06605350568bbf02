// Rebuilds wasm/tree-dump.wasm from wasm/tree-dump.c (`npm run build:wasm -w
// @codedocs/engine`; `--out=<dir>` writes it there instead, as src/wasm-build.test.ts does to
// compare the bytes with the committed binary). Needs clang, wasm-ld and WASI's libc headers
// (Debian: clang lld wasi-libc) and the npm registry: the module is compiled with tree-sitter's own cursor and node code from
// web-tree-sitter's lib/ (the exact sources of the runtime it runs beside), and those include
// tree_sitter/api.h, which web-tree-sitter does not ship; it is taken from the tree-sitter npm
// package of the same 0.25 line, whose vendored sources are byte for byte the ones in lib/
// (checked below). The committed output is what runs; nothing is built at install time.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const HEADERS_PACKAGE = 'tree-sitter@0.25.1';
const SOURCES = ['tree_cursor.c', 'node.c', 'language.c'];

const engine = join(import.meta.dirname, '..');
const outDir = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
const require = createRequire(join(engine, 'package.json'));
const lib = join(dirname(require.resolve('web-tree-sitter')), 'lib');
const work = mkdtempSync(join(tmpdir(), 'tree-dump-'));
try {
  execFileSync('npm', ['pack', HEADERS_PACKAGE, '--silent', '--pack-destination', work], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  execFileSync('tar', ['xzf', join(work, tarball), '-C', work]);
  const vendor = join(work, 'package/vendor/tree-sitter/lib');
  // every header and compiled source (lib/ also holds web-tree-sitter's own binding, tree-sitter.c)
  for (const file of readdirSync(lib).filter(
    (name) => name.endsWith('.h') || SOURCES.includes(name),
  )) {
    const theirs = readFileSync(join(vendor, 'src', file), 'utf8');
    if (theirs !== readFileSync(join(lib, file), 'utf8'))
      throw new Error(
        `${HEADERS_PACKAGE} has another ${file} than web-tree-sitter: pick the matching release`,
      );
  }
  const flags = [
    '--target=wasm32-wasi',
    '-isystem',
    '/usr/include/wasm32-wasi',
    '-O3',
    // whole-module optimisation: language.c's symbol lookups, asked per node, inlined in the walk
    '-flto',
    '-DNDEBUG',
    '-Werror=implicit-function-declaration',
    '-ffunction-sections',
    '-fdata-sections',
    // the runtime's allocator (imported), not tree-sitter's replaceable function pointers
    '-Dts_malloc=malloc',
    '-Dts_calloc=calloc',
    '-Dts_realloc=realloc',
    '-Dts_free=free',
    '-I',
    join(vendor, 'include'),
    '-I',
    lib,
  ];
  const objects = [...SOURCES.map((file) => join(lib, file)), join(engine, 'wasm/tree-dump.c')].map(
    (source, i) => {
      const object = join(work, `${i}.o`);
      execFileSync('clang', [...flags, '-c', source, '-o', object], { stdio: 'inherit' });
      return object;
    },
  );
  const output = join(work, 'tree-dump.wasm');
  execFileSync(
    'wasm-ld',
    [
      '--no-entry',
      '--import-memory',
      '--allow-undefined',
      '--gc-sections',
      ...(process.env.KEEP_NAMES ? [] : ['--strip-all']),
      // the module's stack is placed by the loader (tree-dump.ts), inside the runtime's heap
      '--no-check-features',
      '--export=__stack_pointer',
      '-o',
      output,
      ...objects,
    ],
    { stdio: 'inherit' },
  );
  const bytes = readFileSync(output);
  const module = new WebAssembly.Module(bytes);
  const imports = WebAssembly.Module.imports(module).map(
    (entry) => `${entry.module}.${entry.name}`,
  );
  const allowed = ['env.memory', 'env.malloc', 'env.calloc', 'env.realloc', 'env.free'];
  const unexpected = imports.filter((name) => !allowed.includes(name));
  if (unexpected.length > 0) throw new Error(`unexpected imports: ${unexpected.join(', ')}`);
  // no data segment: the module shares the runtime's memory and must not write at fixed addresses
  if (hasDataSection(bytes)) throw new Error('the module has a data section');
  copyFileSync(output, join(outDir ?? join(engine, 'wasm'), 'tree-dump.wasm'));
  console.log(`tree-dump.wasm: ${bytes.length} bytes, imports ${imports.join(', ')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Whether the binary has a data section (id 11), walking the section headers. */
function hasDataSection(bytes) {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      size |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
    }
    if (id === 11) return true;
    at += size;
  }
  return false;
}
