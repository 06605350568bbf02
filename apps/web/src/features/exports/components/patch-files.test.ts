import { describe, expect, it } from 'vitest';
import { gitApplyCommand, splitPatch, unquoteGitPath } from './patch-files';

const PATCH = [
  'diff --git a/src/app.ts b/src/app.ts',
  '--- a/src/app.ts',
  '+++ b/src/app.ts',
  '@@ -1,2 +1,3 @@',
  '+/** Greets. */',
  ' export function greet(): void {}',
  '-diff --git a/other b/other',
  '+++ b/other',
  'diff --git "a/odd\\nname\\303\\251.py" "b/odd\\nname\\303\\251.py"',
  '--- "a/odd\\nname\\303\\251.py"',
  '+++ "b/odd\\nname\\303\\251.py"',
  '@@ -1 +1 @@',
  '-"""Old."""',
  '+"""New."""',
  '',
].join('\n');

describe('patch files', () => {
  it('splits a patch by file, content shaped like headers kept inside its hunk', () => {
    const files = splitPatch(PATCH);
    expect(files.map((f) => [f.path, f.added, f.removed])).toEqual([
      ['src/app.ts', 2, 1],
      ['odd\nnameé.py', 1, 1],
    ]);
    expect(files.map((f) => f.text).join('')).toBe(PATCH);
  });

  it('undoes git’s quoting', () => {
    expect(unquoteGitPath('plain/path.ts')).toBe('plain/path.ts');
    expect(unquoteGitPath('"a\\tb\\"c\\\\d"')).toBe('a\tb"c\\d');
  });

  it('makes a git apply command whose here-document the patch cannot end', () => {
    const command = gitApplyCommand('+CODEDOCS_PATCH\nCODEDOCS_PATCH\n');
    expect(command).toBe(
      "git apply <<'CODEDOCS_PATCH_'\n+CODEDOCS_PATCH\nCODEDOCS_PATCH\nCODEDOCS_PATCH_\n",
    );
  });
});
