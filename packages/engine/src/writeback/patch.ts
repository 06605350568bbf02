import { structuredPatch } from 'diff';

/** One file's change in a patch: its path in the repository and both texts. */
export interface FileChange {
  path: string;
  before: string;
  after: string;
}

/**
 * A unified diff of changed files as `git diff` writes it (`diff --git a/… b/…`, three lines of
 * context), which `git apply` takes on the commit the `before` texts come from. Line endings
 * are kept byte for byte (a CRLF file's lines keep their `\r`).
 */
export function unifiedPatch(changes: readonly FileChange[]): string {
  const out: string[] = [];
  for (const change of changes) {
    if (change.before === change.after) continue;
    const patch = structuredPatch(
      `a/${change.path}`,
      `b/${change.path}`,
      change.before,
      change.after,
      '',
      '',
      {
        context: 3,
      },
    );
    out.push(`diff --git a/${change.path} b/${change.path}\n`);
    out.push(`--- a/${change.path}\n+++ b/${change.path}\n`);
    for (const hunk of patch.hunks) {
      const oldRange =
        hunk.oldLines === 1 ? `${hunk.oldStart}` : `${hunk.oldStart},${hunk.oldLines}`;
      const newRange =
        hunk.newLines === 1 ? `${hunk.newStart}` : `${hunk.newStart},${hunk.newLines}`;
      out.push(`@@ -${oldRange} +${newRange} @@\n`);
      for (const line of hunk.lines) out.push(`${line}\n`);
    }
  }
  return out.join('');
}
