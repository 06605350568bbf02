import { expect } from 'vitest';
import type { CodeObject, RepositoryIndex } from '../../src/model.ts';
import { GOAL } from './judged.ts';
import { formatScores, ratio, type Score } from './score.ts';

/** Where a judge says a callee is declared: a repository path and a 1-based line. */
export interface Place {
  file: string;
  line: number;
}

/**
 * One call as a judge sees it: the file and line of the called name (`f` of `f()`, `m` of
 * `x.m()`), the name, and where the callee is declared (several places when the judge cannot
 * choose, none when it points outside the repository or nowhere).
 */
export interface JudgedCall {
  file: string;
  line: number;
  name: string;
  decls: Place[];
}

/** How many wrong edges a run prints (`ENGINE_ACCURACY_MISSES`, default 40). */
const WRONG_SHOWN = Number(process.env.ENGINE_ACCURACY_MISSES ?? 40);

/**
 * Call-edge precision and recall of one repository index against a judge. Calls pair up by
 * file, line and called name, in order. Precision: of the calls the engine resolves to an object
 * (and the judge lists), those whose object holds a place the judge names. Recall: of the calls
 * the judge sends to an object the engine extracted, those the engine sends there too.
 */
export class CallTally {
  readonly precision: Score = { label: 'call edges precision', hits: 0, total: 0 };
  readonly recall: Score = { label: 'call edges recall', hits: 0, total: 0 };
  readonly wrong: string[] = [];
  /** Calls the engine resolved that the judge does not list (another callee form). */
  unjudged = 0;
  private readonly objects = new Map<string, { object: CodeObject; path: string }>();
  private readonly starts = new Map<string, number[]>();

  /**
   * @param index the engine's index of the repository
   * @param calls the judge's calls, paths relative to the repository like the index's
   * @param options.declares how far below an object's first line the judge may put its name
   *   (decorators, attributes and modifiers on lines of their own), default 1
   */
  constructor(
    index: RepositoryIndex,
    calls: JudgedCall[],
    private readonly options: { declares?: number } = {},
  ) {
    for (const file of index.files)
      for (const object of file.objects) {
        this.objects.set(object.id, { object, path: file.path });
        const list = this.starts.get(file.path) ?? [];
        list.push(object.range.startLine);
        this.starts.set(file.path, list);
      }
    const truth = new Map<string, Place[][]>();
    for (const call of calls) {
      const key = `${call.file}:${call.line}:${call.name}`;
      truth.set(key, [...(truth.get(key) ?? []), call.decls]);
    }
    for (const ref of index.references) {
      if (ref.kind !== 'call') continue;
      // a reference keeps the name as written (`tr.next`): judges list the called name
      const called = ref.name.slice(ref.name.lastIndexOf('.') + 1);
      const pending = truth.get(`${ref.fromFile}:${ref.line}:${called}`);
      if (!pending?.length) {
        if (ref.toId) this.unjudged++;
        continue;
      }
      const decls = pending.shift()!;
      if (ref.toId) {
        this.precision.total++;
        if (this.agrees(ref.toId, decls)) this.precision.hits++;
        else if (this.wrong.length < WRONG_SHOWN)
          this.wrong.push(
            `${ref.fromFile}:${ref.line} ${ref.name} → ${this.objects.get(ref.toId)?.object.qualifiedName} (judge: ${decls.map((d) => `${d.file}:${d.line}`).join(', ') || 'outside the repository'})`,
          );
      }
      if (decls.some((d) => this.declares(d))) {
        this.recall.total++;
        if (this.agrees(ref.toId, decls)) this.recall.hits++;
      }
    }
  }

  /** Whether the engine's target holds one of the places the judge names. */
  private agrees(toId: string | undefined, decls: Place[]): boolean {
    const target = toId ? this.objects.get(toId) : undefined;
    return (
      target !== undefined &&
      decls.some(
        (d) =>
          target.path === d.file &&
          target.object.range.startLine <= d.line &&
          d.line <= target.object.range.endLine,
      )
    );
  }

  /** Whether the engine extracted an object the judge's place declares. */
  private declares(place: Place): boolean {
    const below = this.options.declares ?? 1;
    return (this.starts.get(place.file) ?? []).some(
      (start) => start <= place.line && place.line <= start + below,
    );
  }

  /** Prints the figures the way the definition suites do, then asserts the precision goal. */
  report(title: string): void {
    const notes = this.unjudged ? ` (${this.unjudged} resolved calls the judge does not list)` : '';
    console.log(formatScores(`${title}${notes}`, [this.precision, this.recall]));
    if (this.wrong.length) console.log(this.wrong.join('\n'));
    expect(ratio(this.precision), this.precision.label).toBeGreaterThanOrEqual(GOAL);
  }
}
