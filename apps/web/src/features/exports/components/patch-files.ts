/** One file's part of a unified diff: its path as the repository names it, and its text. */
export interface PatchFile {
  path: string;
  text: string;
  added: number;
  removed: number;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };

/** A path as a diff header writes it, git's C-style quoting undone (UTF-8 bytes decoded). */
export function unquoteGitPath(written: string): string {
  if (!written.startsWith('"')) return written;
  const bytes: number[] = [];
  const inner = written.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c !== '\\') {
      bytes.push(...new TextEncoder().encode(c));
      continue;
    }
    const next = inner[++i]!;
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(inner.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The path a `+++ b/…` line names (a tab after a name with spaces left out). */
function pathOfHeader(line: string): string {
  const name = line.slice('+++ '.length).replace(/\t$/, '');
  const path = unquoteGitPath(name);
  return path.replace(/^b\//, '');
}

/**
 * A patch split into its files, in order. Only a line that starts a file's header starts a
 * part (`diff --git` outside a hunk: hunk lines all start with a space, `+`, `-` or `\`).
 */
export function splitPatch(patch: string): PatchFile[] {
  const files: PatchFile[] = [];
  const lines = patch.split('\n');
  let current: PatchFile | undefined;
  let oldLeft = 0;
  let newLeft = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i === lines.length - 1 && line === '') break;
    const inHunk = oldLeft > 0 || newLeft > 0;
    if (!inHunk && line.startsWith('diff --git ')) {
      current = { path: '', text: '', added: 0, removed: 0 };
      files.push(current);
    } else if (!inHunk && current && line.startsWith('+++ ')) current.path = pathOfHeader(line);
    else if (!inHunk && line.startsWith('@@ ')) {
      const m = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
      oldLeft = m ? Number(m[1] ?? 1) : 0;
      newLeft = m ? Number(m[2] ?? 1) : 0;
    } else if (inHunk && current) {
      if (line.startsWith('+')) {
        current.added++;
        newLeft--;
      } else if (line.startsWith('-')) {
        current.removed++;
        oldLeft--;
      } else if (!line.startsWith('\\')) {
        oldLeft--;
        newLeft--;
      }
    }
    if (current) current.text += `${line}\n`;
  }
  return files;
}

/** A shell command that applies `patch` in the repository's folder (a quoted here-document). */
export function gitApplyCommand(patch: string): string {
  let marker = 'CODEDOCS_PATCH';
  while (patch.split('\n').includes(marker)) marker += '_';
  return `git apply <<'${marker}'\n${patch}${patch.endsWith('\n') ? '' : '\n'}${marker}\n`;
}
