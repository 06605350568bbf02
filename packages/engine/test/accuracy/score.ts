/** Counts for one accuracy measure, printed and asserted by the corpus tests. */
export interface Score {
  label: string;
  hits: number;
  total: number;
}

/** Ratio of a score; an empty measure counts as perfect. */
export function ratio(score: Score): number {
  return score.total === 0 ? 1 : score.hits / score.total;
}

/** One line per measure: `label  99.81%  (5321/5331)`. */
export function formatScores(title: string, scores: Score[]): string {
  const lines = scores.map(
    (s) =>
      `  ${s.label.padEnd(28)} ${(ratio(s) * 100).toFixed(2).padStart(6)}%  (${s.hits}/${s.total})`,
  );
  return [`${title}`, ...lines].join('\n');
}
