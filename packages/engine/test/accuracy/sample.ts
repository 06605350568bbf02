/**
 * How much of its corpus a judged accuracy suite reads. `npm test` runs a deterministic sample of
 * each corpus (the same items on every run, spread evenly over the sorted list, enough for every
 * measured figure to stay meaningful; the thresholds are those of the whole corpus);
 * `ACCURACY_WHOLE=1` runs all of it (a step of `.ci/run` after `npm test` does).
 */
export const ACCURACY_WHOLE = process.env.ACCURACY_WHOLE === '1';

/** `count` items spread evenly over the list (all of them when there are no more). */
export function evenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/**
 * The items a suite judges: all of its corpus under ACCURACY_WHOLE=1, otherwise `count` of them
 * spread evenly over it. Prints which it ran.
 */
export function accuracySample<T>(suite: string, corpus: readonly T[], count: number): T[] {
  const chosen = ACCURACY_WHOLE ? [...corpus] : evenly(corpus, count);
  console.log(
    ACCURACY_WHOLE
      ? `${suite}: whole corpus, ${chosen.length} of ${corpus.length}`
      : `${suite}: sample, ${chosen.length} of ${corpus.length} (ACCURACY_WHOLE=1 runs all)`,
  );
  return chosen;
}

/** Prints that a suite judges its whole corpus in either mode (one file, or a few hand-made). */
export function alwaysWhole(suite: string, why: string): void {
  console.log(`${suite}: whole corpus in both modes (${why})`);
}
