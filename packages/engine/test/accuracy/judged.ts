import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import type { CodeObject, FileIndex } from '../../src/model.ts';
import { formatScores, ratio, type Score } from './score.ts';

/** One definition as a language's own parser (the judge) sees it, in the engine's vocabulary. */
export interface TruthDef {
  kind: string;
  qualname: string;
  /** 1-based line where the judge puts the declaration's start. */
  line: number;
  /** The doc comment as the language's tools read it; null when there is none. */
  doc: string | null;
  /** Parameter names in order ('' for an unnamed one); absent for non-functions. */
  params?: string[];
}

/** What a judge says about one file; `ok` false when the judge itself cannot read it. */
export interface TruthFile {
  path: string;
  ok: boolean;
  defs: TruthDef[];
}

export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** How one suite compares our objects with the judge's definitions. */
export interface JudgeOptions {
  /** Normalises a doc text (ours and the judge's alike) before comparing; default collapse. */
  doc?: (text: string) => string;
  /** Our objects the judge cannot see (code the preprocessor drops…): left out of precision. */
  unseen?: (object: CodeObject, index: FileIndex) => boolean;
}

/** How many misses a run prints (`ENGINE_ACCURACY_MISSES`, default 60). */
const MISSES_SHOWN = Number(process.env.ENGINE_ACCURACY_MISSES ?? 60);

const keyOf = (kind: string, qualname: string, line: number) => `${qualname}#${kind}@${line}`;

/**
 * Recall and precision of definitions, doc attachment and parameter names, tallied file by file
 * against a judge, with the first misses kept for the printout.
 */
export class JudgedTally {
  readonly recall: Score = { label: 'definitions recall', hits: 0, total: 0 };
  readonly precision: Score = { label: 'definitions precision', hits: 0, total: 0 };
  readonly docs: Score = { label: 'doc attachment', hits: 0, total: 0 };
  readonly params: Score = { label: 'parameters exact', hits: 0, total: 0 };
  readonly misses: string[] = [];
  files = 0;
  unreadable = 0;
  unseen = 0;

  constructor(private readonly options: JudgeOptions = {}) {}

  private miss(line: string): void {
    if (this.misses.length < MISSES_SHOWN) this.misses.push(line);
  }

  /** Scores one file's index against the judge's definitions of it. */
  add(index: FileIndex, truth: TruthFile): void {
    if (!truth.ok) {
      this.unreadable++;
      return;
    }
    this.files++;
    const normalise = this.options.doc ?? collapse;
    const ours = new Map<string, CodeObject[]>();
    for (const o of index.objects) {
      if (this.options.unseen?.(o, index)) {
        this.unseen++;
        continue;
      }
      const key = keyOf(o.kind, o.qualifiedName, o.range.startLine);
      ours.set(key, [...(ours.get(key) ?? []), o]);
      this.precision.total++;
    }
    for (const def of truth.defs) {
      this.recall.total++;
      const key = keyOf(def.kind, def.qualname, def.line);
      const found = ours.get(key)?.shift();
      if (!found) {
        this.miss(`missing ${truth.path}: ${key}`);
        continue;
      }
      this.recall.hits++;
      this.precision.hits++;
      this.docs.total++;
      const doc = found.doc ? normalise(found.doc.text) || null : null;
      const expected = def.doc === null ? null : normalise(def.doc) || null;
      if (doc === expected) this.docs.hits++;
      else this.miss(`doc ${truth.path}: ${key}: ${difference(doc, expected)}`);
      if (def.params) {
        this.params.total++;
        const names = found.parameters.map((p) => p.name);
        if (JSON.stringify(names) === JSON.stringify(def.params)) this.params.hits++;
        else
          this.miss(
            `params ${truth.path}: ${key}: ${JSON.stringify(names)} vs ${JSON.stringify(def.params)}`,
          );
      }
    }
    for (const [key, left] of ours) for (const _ of left) this.miss(`extra ${index.path}: ${key}`);
  }

  get scores(): Score[] {
    return [this.recall, this.precision, this.docs, this.params];
  }

  /**
   * Prints the figures (and the first misses), then asserts each measure: the goal, or for a
   * measure given a floor, that floor (printed as such, so a floor is never mistaken for the goal).
   */
  report(
    title: string,
    floors: Partial<Record<'recall' | 'precision' | 'docs' | 'params', number>> = {},
  ): void {
    const notes = [
      `${this.files} files`,
      ...(this.unreadable ? [`${this.unreadable} unreadable by the judge skipped`] : []),
      ...(this.unseen ? [`${this.unseen} objects in code the judge does not see left out`] : []),
    ];
    console.log(formatScores(`${title} (${notes.join(', ')})`, this.scores));
    const named = {
      recall: this.recall,
      precision: this.precision,
      docs: this.docs,
      params: this.params,
    };
    for (const [name, floor] of Object.entries(floors))
      console.log(
        `  floor for ${named[name as keyof typeof named].label}: ${(floor * 100).toFixed(2)}% (goal ${GOAL * 100}% not reached yet)`,
      );
    if (this.misses.length) console.log(this.misses.join('\n'));
    for (const [name, score] of Object.entries(named))
      expect(ratio(score), score.label).toBeGreaterThanOrEqual(
        floors[name as keyof typeof floors] ?? GOAL,
      );
  }
}

/** Where two doc texts part: a little of each around the first character that differs. */
function difference(ours: string | null, theirs: string | null): string {
  if (ours === null || theirs === null)
    return `${JSON.stringify(ours?.slice(0, 90) ?? null)} vs ${JSON.stringify(theirs?.slice(0, 90) ?? null)}`;
  let at = 0;
  while (at < ours.length && ours[at] === theirs[at]) at++;
  const from = Math.max(0, at - 30);
  const part = (s: string) => JSON.stringify(`${from ? '…' : ''}${s.slice(from, at + 50)}`);
  return `${part(ours)} vs ${part(theirs)}`;
}

/**
 * Runs a judge program over files: their paths on its stdin, one line each; a JSON `TruthFile`
 * per file on its stdout.
 */
export function runJudge(
  command: string,
  args: string[],
  files: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): TruthFile[] {
  return execFileSync(command, args, { ...options, input: files.join('\n'), maxBuffer: 1 << 30 })
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as TruthFile);
}

/** Indexes every judged file as the engine would and scores it. */
export async function tallyFiles(truth: TruthFile[], tally: JudgedTally): Promise<void> {
  for (const file of truth) {
    const index = await indexFile({ path: file.path, content: readFileSync(file.path) });
    tally.add(index, file);
  }
}

/** Every judged measure's goal. */
export const GOAL = 0.99;

/**
 * Whether a judge's toolchain is on this machine. Locally a missing one skips its suite with a
 * printed reason; under CI (which installs it, see .ci/run) a missing one is an error.
 */
export function haveToolchain(suite: string, command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    if (process.env.CI)
      throw new Error(`${suite}: \`${command}\` is missing; .ci/run installs it under CI`);
    console.warn(`${suite} ground truth skipped: \`${command}\` is not installed here`);
    return false;
  }
}
