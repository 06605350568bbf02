import { maskComments } from './convert/comment-mask.ts';
import { type Converter, createContext, finishHashes } from './convert/context.ts';
import { CONVERTERS } from './convert/dispatch.ts';
import { contentHash } from './identity.ts';
import { detectLanguage, headerIsCpp, looksBinary } from './languages/detect.ts';
import { getLanguage } from './languages/registry.ts';
import type { Diagnostic, FileIndex, SourceFile } from './model.ts';
import { settleConditionals } from './parse/c-conditionals.ts';
import { accessLabelMacros, blankAttributeMacros } from './parse/c-macros.ts';
import { sourceForGrammar } from './parse/grammar-gaps.ts';
import { readAnnotatedDocs } from './convert/python-annotated.ts';
import { decodeSource } from './parse/decode.ts';
import { type FlatTree, type Node, TreeScratch, withParsedTree } from './parse/flat-tree.ts';
import { parserFor } from './parse/grammars.ts';

/** Options shared by every stage that indexes files. */
export interface IndexOptions {
  /** Salt for object ids, so equal paths in two repositories get different ids. */
  repository?: string;
  /** Files above this size are listed, not parsed (default 10 MB). */
  maxBytes?: number;
  /** Parsing one file stops after this long (default 20 s); the file gets a diagnostic. */
  parseTimeoutMs?: number;
}

const MAX_SYNTAX_DIAGNOSTICS = 20;

/** Where the tree has ERROR or MISSING nodes: reported, never fatal. */
export function syntaxDiagnostics(tree: FlatTree): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!tree.rootNode.hasError) return out;
  const walk = (node: Node) => {
    if (out.length >= MAX_SYNTAX_DIAGNOSTICS) return;
    if (node.isError || node.isMissing) {
      out.push({
        severity: 'error',
        message: node.isMissing ? `Syntax error: missing ${node.type}` : 'Syntax error',
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
      });
      return;
    }
    for (const child of node.children) if (child.hasError) walk(child);
  };
  walk(tree.rootNode);
  return out;
}

/**
 * The buffers every file's flat tree is built in on this thread: from parsing to the model's
 * return, indexFile runs without a pause, so no tree outlives the next one's copy.
 */
const scratch = new TreeScratch();

/** Lines of decoded text (what split('\n').length gives, without building every line). */
function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/**
 * One file through the pipeline's per-file stages: detect → decode → parse → convert. Unknown,
 * binary and oversized files come back listed with no objects; nothing here throws for bad
 * input, problems become diagnostics.
 */
export async function indexFile(
  file: SourceFile,
  options: IndexOptions = {},
  /** The converter per language id (bench:engine passes none, to measure everything else). */
  converters: Readonly<Record<string, Converter>> = CONVERTERS,
): Promise<FileIndex> {
  const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
  const base: FileIndex = {
    path: file.path,
    language: null,
    status: 'unknown-language',
    contentHash: contentHash(bytes),
    bytes: bytes.length,
    lines: 0,
    objects: [],
    sites: [],
    imports: [],
    diagnostics: [],
  };
  if (looksBinary(bytes)) return { ...base, status: 'binary' };
  const firstLine = new TextDecoder().decode(bytes.subarray(0, 200)).split('\n')[0];
  let spec = detectLanguage(file.path, firstLine);
  if (!spec) return base;
  base.language = spec.id;
  if (bytes.length > (options.maxBytes ?? 10 * 1024 * 1024))
    return { ...base, status: 'too-large' };
  const { text, diagnostics } = decodeSource(file.content);
  // a `.h` header written in C++ is C++
  if (spec.id === 'c' && /\.h$/i.test(file.path) && headerIsCpp(text)) {
    spec = getLanguage('cpp') ?? spec;
    base.language = spec.id;
  }
  base.diagnostics.push(...diagnostics);
  base.lines = countLines(text);
  const parser = await parserFor(spec.id);
  if (!parser) {
    base.diagnostics.push({
      severity: 'error',
      message: `No grammar could be loaded for ${spec.name}.`,
    });
    return { ...base, status: 'unknown-language' };
  }
  // a pathological file must not stall a run: give up after the time budget, with a diagnostic
  const deadline = performance.now() + (options.parseTimeoutMs ?? 20_000);
  // tree-sitter asks every hundred or so steps of the parse; the clock is read every 64th time
  // (a few thousand steps: well under a millisecond apart)
  let progressCalls = 0;
  // C's conditionals settled where the grammar would otherwise read every branch at once, and
  // attribute macros blanked (parse/c-macros.ts); what the Kotlin and Scala grammars cannot
  // read rewritten (parse/grammar-gaps.ts)
  const parsed =
    spec.id === 'c'
      ? blankAttributeMacros(settleConditionals(text, spec.id))
      : spec.id === 'cpp'
        ? blankAttributeMacros(accessLabelMacros(settleConditionals(text, spec.id)))
        : sourceForGrammar(text, spec.id);
  const model = withParsedTree(
    parser,
    parsed,
    { progressCallback: () => (++progressCalls & 63) === 0 && performance.now() > deadline },
    scratch,
    (tree) => convertTree(tree, base, text, options, converters[spec.id]),
  );
  if (!model) {
    base.diagnostics.push({ severity: 'error', message: 'Parsing took too long and was stopped.' });
    return { ...base, status: 'parsed' };
  }
  return model;
}

/** The model of a parsed file: its tree's syntax errors, then what its converter reads. */
function convertTree(
  tree: FlatTree,
  base: FileIndex,
  text: string,
  options: IndexOptions,
  converter: Converter | undefined,
): FileIndex {
  base.diagnostics.push(...syntaxDiagnostics(tree));
  const language = base.language!;
  const ctx = createContext(
    options.repository ?? '',
    base.path,
    language,
    text,
    maskComments(tree, language),
  );
  try {
    converter?.(tree.rootNode, ctx);
  } catch (error) {
    base.diagnostics.push({
      severity: 'error',
      message: `Extraction stopped early: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  finishHashes(ctx);
  if (ctx.language === 'python') readAnnotatedDocs(ctx);
  return {
    ...base,
    status: 'parsed',
    objects: ctx.objects,
    sites: ctx.sites,
    imports: ctx.imports,
  };
}
