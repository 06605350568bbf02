import { structuredPatch } from 'diff';

/** One file's change in a patch: its path in the repository and both texts. */
export interface FileChange {
  path: string;
  before: string;
  after: string;
}

const C_ESCAPES: Record<number, string> = {
  0x07: '\\a',
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0b: '\\v',
  0x0c: '\\f',
  0x0d: '\\r',
  0x22: '\\"',
  0x5c: '\\\\',
};

/**
 * A path as git writes it in a diff header (`quote_c_style`, `core.quotePath` on): as it is
 * when no byte needs quoting, else in double quotes with C escapes for controls, `"` and `\`,
 * and octal escapes for other control and non-ASCII bytes (UTF-8).
 */
export function gitQuotedPath(path: string): string {
  const bytes = new TextEncoder().encode(path);
  if (!bytes.some((b) => b < 0x20 || b === 0x22 || b === 0x5c || b >= 0x7f)) return path;
  let out = '"';
  for (const b of bytes) {
    const escape = C_ESCAPES[b];
    if (escape) out += escape;
    else if (b < 0x20 || b >= 0x7f) out += '\\' + b.toString(8).padStart(3, '0');
    else out += String.fromCharCode(b);
  }
  return out + '"';
}

/** `a/` or `b/` and the path, quoted as a whole when the path needs it (as git does). */
function side(prefix: 'a/' | 'b/', path: string): string {
  const quoted = gitQuotedPath(path);
  return quoted.startsWith('"') ? `"${prefix}${quoted.slice(1)}` : `${prefix}${path}`;
}

/**
 * A unified diff of changed files as `git diff` writes it (`diff --git a/… b/…`, three lines of
 * context), which `git apply` takes on the commit the `before` texts come from. Line endings
 * are kept byte for byte (a CRLF file's lines keep their `\r`). Paths are quoted as git quotes
 * them, so no file name (a newline, `--- ` at its start…) can be read as another header; a path
 * with a space gets git's tab after the `---`/`+++` name. Content lines always carry their
 * ` `/`-`/`+` mark, so file text shaped like a header stays text.
 */
export function unifiedPatch(changes: readonly FileChange[]): string {
  const out: string[] = [];
  for (const change of changes) {
    if (change.before === change.after) continue;
    const patch = structuredPatch('a', 'b', change.before, change.after, '', '', { context: 3 });
    const a = side('a/', change.path);
    const b = side('b/', change.path);
    const tab = change.path.includes(' ') && !a.startsWith('"') ? '\t' : '';
    out.push(`diff --git ${a} ${b}\n`);
    out.push(`--- ${a}${tab}\n+++ ${b}${tab}\n`);
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
