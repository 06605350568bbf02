import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A location in clang's JSON dump; `file` and `line` are only written when they change. */
export interface Loc {
  offset?: number;
  file?: string;
  line?: number;
  spellingLoc?: Loc;
  expansionLoc?: Loc;
}

/** The parts of a clang JSON AST node the C and C++ truths read. */
export interface AstNode {
  id?: string;
  kind?: string;
  previousDecl?: string;
  parentDeclContextId?: string;
  referencedDecl?: { id?: string; kind?: string; name?: string };
  name?: string;
  loc?: Loc;
  range?: { begin?: Loc; end?: Loc };
  inner?: AstNode[];
  isImplicit?: boolean;
  completeDefinition?: boolean;
  tagUsed?: string;
  variadic?: boolean;
}

/** How a file's path is named in the truth (its basename for one C file, its path for a tree). */
export type FileName = (path: string) => string;

/**
 * Streams `clang -Xclang -ast-dump=json` (hundreds of megabytes for a big translation unit) one
 * top-level declaration at a time, each with every location's file filled in. A declaration that
 * `keep` refuses (by the file its location is in) is scanned for the files it names but never
 * parsed, so a translation unit that includes the C++ standard library stays cheap.
 */
export async function streamClangAst(
  command: string,
  args: string[],
  name: FileName,
  visit: (node: AstNode) => void,
  keep: (file: string) => boolean = () => true,
): Promise<void> {
  const child = spawn(command, ['-Xclang', '-ast-dump=json', '-fsyntax-only', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<number | null>((done) => child.on('close', done));
  // the file the dump last named, followed line by line (a location's `includedFrom` is not one)
  let current = '';
  let before = '';
  let previous = '';
  let lines: string[] = [];
  let state: 'between' | 'deciding' | 'keeping' | 'skipping' = 'between';
  const names = new Map<string, string>();
  const named = (escaped: string) => {
    let file = names.get(escaped);
    if (file === undefined) {
      file = name(JSON.parse(`"${escaped}"`) as string);
      names.set(escaped, file);
    }
    return file;
  };
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    // (most lines name no file: a substring search is cheaper than the pattern)
    const written = line.includes('"file": "') ? /^\s*"file": "(.*)",?$/.exec(line) : null;
    const fileHere = written && !previous.endsWith('"includedFrom": {') ? named(written[1]!) : '';
    previous = line;
    if (state === 'between') {
      if (line === '    {') {
        state = 'deciding';
        before = current;
        lines = [line];
      }
      continue;
    }
    if (fileHere) current = fileHere;
    if (state !== 'skipping') lines.push(line);
    // the node's own location comes first: its first file (or the one before) decides
    if (state === 'deciding' && (fileHere || /^ {6}"range": \{$/.test(line))) {
      state = keep(fileHere || before) ? 'keeping' : 'skipping';
      if (state === 'skipping') lines = [];
    }
    if (line === '    }' || line === '    },') {
      if (state !== 'skipping') {
        const node = JSON.parse(lines.join('\n').replace(/,$/, '')) as AstNode;
        resolveFiles(node, { current: before }, name);
        visit(node);
      }
      lines = [];
      state = 'between';
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}

/**
 * Gives every location under a node its file. Clang writes a location's file only when it
 * differs from the last one written, so they are followed in the order they were written.
 */
function resolveFiles(node: AstNode, files: { current: string }, name: FileName): void {
  const resolve = (loc: Loc | undefined) => {
    if (!loc) return;
    if (loc.spellingLoc || loc.expansionLoc) {
      resolve(loc.spellingLoc);
      resolve(loc.expansionLoc);
      return;
    }
    if (loc.file) files.current = name(loc.file);
    loc.file = files.current;
  };
  resolve(node.loc);
  resolve(node.range?.begin);
  resolve(node.range?.end);
  for (const child of node.inner ?? []) resolveFiles(child, files, name);
}

/** The file and offset a location stands for (where a macro was used, for an expansion). */
export function place(loc: Loc | undefined): { file: string; offset: number } | undefined {
  const at = loc?.expansionLoc ?? loc;
  return at?.offset === undefined ? undefined : { file: at.file ?? '', offset: at.offset };
}

/** A location written by a macro (inside its expansion): not text the engine reads as a call. */
export const fromMacro = (loc: Loc | undefined) => loc?.expansionLoc !== undefined;

/** The `[from, to)` offsets of a declaration's FullComment child, when clang attached one. */
export function commentRange(node: AstNode): [number, number] | undefined {
  const comment = node.inner?.find((child) => child.kind === 'FullComment');
  const from = place(comment?.range?.begin);
  const to = place(comment?.range?.end);
  return from && to ? [from.offset, to.offset + 1] : undefined;
}

/** Doxygen's doc comments; `/*****` and `////` banners are plain ones. */
const DOC_STYLE = /^\s*(\/\*\*(?![*/])|\/\*!|\/\/\/(?!\/)|\/\/!)/;

/** A source file's text and its line numbers by offset. */
export interface SourceText {
  text: string;
  lineOf(offset: number): number;
}

export function sourceText(text: string): SourceText {
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1))
    lineStarts.push(at + 1);
  return {
    text,
    lineOf(offset) {
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    },
  };
}

/**
 * The doc comment clang attached (`-fparse-all-comments`, so plain comments count too) to a
 * declaration starting at `begin`, as written. A plain comment is a doc only right above its
 * declaration; a Doxygen one (`/**`, `///`) also across blank lines, as Doxygen reads it.
 */
export function attachedDoc(
  source: SourceText,
  comment: [number, number] | undefined,
  begin: number,
): string | null {
  if (!comment) return null;
  const [from, to] = comment;
  const text = source.text;
  // clang's range starts after the comment's opening `/*` or `//`
  const start = Math.max(text.lastIndexOf('/*', from), text.lastIndexOf('//', from));
  // and ends at its last word, before a closing `*/` on the next line
  const close = /^\s*\*+\//.exec(text.slice(to, to + 200));
  const end = close ? to + close[0].length : to;
  // clang merges comments on adjacent lines into one; the doc is the last block comment of
  // such a run, or the line comments after it (a `/**** End of x.c ****/` banner above is not)
  const doc = lastComment(text.slice(start, end));
  if (!DOC_STYLE.test(doc) && source.lineOf(end) < source.lineOf(begin) - 1) return null;
  return doc;
}

/** The last block comment of a run of comments, or the run of line comments that ends it. */
function lastComment(run: string): string {
  const pieces = run.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? [run];
  let from = pieces.length - 1;
  if (pieces[from]!.startsWith('//')) while (from > 0 && pieces[from - 1]!.startsWith('//')) from--;
  return pieces.slice(from).join('\n');
}

/**
 * A comment's text as a reader sees it: without `/*`, `*\/`, `//` and the one decoration a line
 * may start with (` * ` or SQLite's `** `); a bullet after the decoration stays.
 */
export const commentText = (raw: string) =>
  /^\s*\/\//.test(raw)
    ? // a run of line comments: each line's `//`, `///` or `//!` goes
      raw
        .split('\n')
        .map((line) => line.replace(/^\s*\/\/[/!]?/, ''))
        .join('\n')
    : raw
        .replace(/^\s*\/\*+!?/, '')
        .replace(/\*+\/\s*$/, '')
        .split('\n')
        .map((line) => line.replace(/^\s*(\*\*|\*(?!\/))(?=\s|$)/, ''))
        .join('\n');

/**
 * Lines of each file that survive preprocessing (`clang -E`), read from its line markers: the
 * rest is in a false `#if`.
 */
export function activeLines(
  command: string,
  args: string[],
  name: FileName,
): Map<string, Set<number>> {
  const out = execFileSync(command, ['-E', ...args], { maxBuffer: 1 << 30 }).toString('latin1');
  const active = new Map<string, Set<number>>();
  let lines = new Set<number>();
  let line = 0;
  for (const text of out.split('\n')) {
    const marker = /^# (\d+) "([^"]*)"/.exec(text);
    if (marker) {
      line = Number(marker[1]);
      const file = name(marker[2]!);
      lines = active.get(file) ?? new Set();
      active.set(file, lines);
      continue;
    }
    if (text.trim()) lines.add(line);
    line++;
  }
  return active;
}
