import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { getLanguage } from '../languages/registry.ts';
import { setTreeDump } from './flat-tree.ts';
import {
  createRuntimeMemory,
  createTreeDump,
  type RuntimeModule,
  TREE_DUMP_VERSION,
} from './tree-dump.ts';
import { hasGrammarPatch, patchGrammar } from './grammar-patches.ts';
import { fastInputHook, RUNTIME_INPUT_VERSION } from './runtime-input.ts';
import type { WasmMemory } from '../wasm-api.ts';

const require = createRequire(import.meta.url);

/** Where each grammar set keeps its .wasm files (resolved from this package's dependencies). */
function grammarDir(set: 'vscode' | 'wasms'): string {
  return set === 'vscode'
    ? join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm')
    : join(dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
}

let initialised: Promise<void> | undefined;
const loaded = new Map<string, Promise<Language | undefined>>();
/** The grammar load last started on this thread (loads run one after another). */
let loading: Promise<unknown> = Promise.resolve();

/** web-tree-sitter's installed version (its package.json is not exported: read beside its entry). */
function runtimeVersion(): string {
  try {
    const entry = require.resolve('web-tree-sitter');
    return (
      JSON.parse(readFileSync(join(dirname(entry), 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return 'unknown';
  }
}

/**
 * Initialises web-tree-sitter once per thread (the runtime is per-thread state), with the
 * single-call tree copy of tree-dump.ts beside it (flat-tree.ts reads what it copies) and the
 * parser's input copied natively (runtime-input.ts).
 */
export function initParser(): Promise<void> {
  initialised ??= (async () => {
    // the runtime's memory made here, so that the tree copy of tree-dump.ts can share it
    const version = runtimeVersion();
    const module: Record<string, unknown> & { wasmMemory: WasmMemory } = {
      wasmMemory: createRuntimeMemory(),
    };
    // the parser's input copied natively, for the runtime version the hook was written for
    if (version === RUNTIME_INPUT_VERSION) module.instantiateWasm = fastInputHook(module);
    await Parser.init(module);
    const dump = createTreeDump(module as unknown as RuntimeModule, version);
    // the one tree copy: built against one release of web-tree-sitter (package.json pins it)
    if (!dump)
      throw new Error(
        `web-tree-sitter ${version} is installed; wasm/tree-dump.wasm reads the runtime of ${TREE_DUMP_VERSION} only`,
      );
    setTreeDump(dump);
  })();
  return initialised;
}

/**
 * Loads a language's grammar once per thread: the first file of the registry row that loads
 * wins; undefined when none does (the caller records a diagnostic and lists the file). A grammar
 * with a known defect in its binary is repaired on the way (`grammar-patches.ts`).
 */
export function loadGrammar(languageId: string): Promise<Language | undefined> {
  let pending = loaded.get(languageId);
  if (!pending) {
    // one load at a time on a thread: two grammars linked into the runtime at once (a worker
    // starting files of two new languages together) could fail to load
    pending = loading.then(async () => {
      await initParser();
      const spec = getLanguage(languageId);
      for (const grammar of spec?.grammars ?? []) {
        try {
          const path = join(grammarDir(grammar.set), grammar.file);
          if (!hasGrammarPatch(grammar.file)) return await Language.load(path);
          return await Language.load(patchGrammar(grammar.file, await readFile(path)));
        } catch {
          // try the next grammar set
        }
      }
      return undefined;
    });
    loading = pending.catch(() => undefined);
    loaded.set(languageId, pending);
  }
  return pending;
}

const parsers = new Map<string, Parser>();

/** One parser per language per thread; setLanguage is cheap but reusing avoids allocations. */
export async function parserFor(languageId: string): Promise<Parser | undefined> {
  const existing = parsers.get(languageId);
  if (existing) return existing;
  const language = await loadGrammar(languageId);
  if (!language) return undefined;
  const parser = new Parser();
  parser.setLanguage(language);
  parsers.set(languageId, parser);
  return parser;
}
