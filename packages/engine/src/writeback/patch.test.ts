import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { gitQuotedPath, unifiedPatch, type FileChange } from './patch.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function git(cwd: string, args: string[], input?: string): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'core.quotePath=true', ...args], {
    cwd,
    encoding: 'utf8',
    ...(input !== undefined && { input }),
    env: {
      PATH: process.env.PATH,
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: cwd,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  });
}

// names git allows and a careless patch writer breaks on: each would end a header early, be
// read as another header, or come out as a different name
const HOSTILE = [
  'new\nline.py',
  'tab\there.txt',
  'quo"te.txt',
  'back\\slash.txt',
  '--- a other',
  '+++ b other',
  'with space.txt',
  'ünïcode.txt',
  'dir/@@ -1 +1 @@',
];

/** Content with lines shaped like diff headers and hunk headers. */
const shaped = (name: string) =>
  [
    `# ${JSON.stringify(name)}`,
    '--- a/other',
    '+++ b/other',
    '@@ -1,3 +1,3 @@',
    '-removed?',
    '+added?',
    'diff --git a/other b/other',
    'end',
    '',
  ].join('\n');

describe('unifiedPatch: paths', () => {
  test('quotes as git does: C escapes for controls, quote and backslash, octal for non-ASCII', () => {
    expect(gitQuotedPath('src/plain.ts')).toBe('src/plain.ts');
    expect(gitQuotedPath('with space.ts')).toBe('with space.ts');
    expect(gitQuotedPath('a\nb\tc"d\\e')).toBe('"a\\nb\\tc\\"d\\\\e"');
    expect(gitQuotedPath('é')).toBe('"\\303\\251"');
    expect(gitQuotedPath('\x01\x7f')).toBe('"\\001\\177"');
  });

  test('a repository of hostile names: git apply takes the patch and it changes only the files it names', () => {
    const root = mkdtempSync(join(tmpdir(), 'engine-patch-'));
    roots.push(root);
    git(root, ['init', '-q']);
    execFileSync('mkdir', ['-p', join(root, 'dir')]);
    for (const name of [...HOSTILE, 'other']) writeFileSync(join(root, name), shaped(name));
    git(root, ['add', '-A']);
    git(root, ['commit', '-qm', 'init']);
    const changes: FileChange[] = HOSTILE.map((name) => {
      const before = shaped(name);
      // an edit next to the header-shaped lines, so they are the hunk's context
      return { path: name, before, after: before.replace('end\n', 'end\n+++ b/other\n@@ x\n') };
    });
    const patch = unifiedPatch(changes);
    // the headers are git's own (git orders the files by its own sort)
    const headersOf = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^(diff --git|--- |\+\+\+ )/.test(line))
        .sort();
    for (const c of changes) writeFileSync(join(root, c.path), c.after);
    const gitsOwn = git(root, ['diff']);
    expect(headersOf(patch)).toEqual(headersOf(gitsOwn));
    git(root, ['checkout', '--', '.']);

    git(root, ['apply', '--check', '--whitespace=error'], patch);
    git(root, ['apply', '--whitespace=error'], patch);
    const changed = git(root, ['diff', '--name-only', '-z']).split('\0').filter(Boolean).sort();
    expect(changed).toEqual([...HOSTILE].sort());
    for (const c of changes) expect(readFileSync(join(root, c.path), 'utf8')).toBe(c.after);
    expect(readFileSync(join(root, 'other'), 'utf8')).toBe(shaped('other'));
  });
});
