import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseDocstring } from '../doc-comments/docstring.ts';
import { indexFile } from '../index-file.ts';
import type { DocComment } from '../model.ts';
import type { DocParts } from './doc-parts.ts';
import { unifiedPatch } from './patch.ts';
import { conventionOf } from './render.ts';
import { ROUND_TRIP_FIXTURES } from '../../test/writeback/round-trip-fixtures.ts';
import { writeDocs } from './write-file.ts';

const roots: string[] = [];

/**
 * Reader gaps, probed rather than assumed: `numpy-items`, a NumPy section whose second item
 * (at the section's indent, as NumPy writes them) ends the section.
 */
const READER_GAPS = {
  'numpy-items':
    parseDocstring('Sum.\n\nParameters\n----------\na\n    One.\nb\n    Two.\n').params.length !==
    2,
};
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', ...args], {
    cwd,
    encoding: 'utf8',
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

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const lastSegment = (type: string) => type.slice(type.lastIndexOf('.') + 1);

/** What the engine's reader gives back for parts the writer wrote, in the convention's terms. */
function expectedRead(language: string, parts: DocParts) {
  const convention = conventionOf(language);
  const markdown = convention === 'go' || convention === 'rust';
  const xml = convention === 'xml';
  return {
    summary: parts.summary,
    description: xml ? collapse(parts.description) : parts.description,
    params: parts.params
      .filter((p) => !(language === 'python' && p.name === 'self'))
      .map((p) => ({ name: p.name, description: p.description })),
    returns: parts.returns?.description,
    throws: markdown
      ? parts.throws.length
        ? [
            {
              description: collapse(
                parts.throws
                  .map((t) => (t.type ? `${t.type}: ${t.description}` : t.description))
                  .join('\n'),
              ),
            },
          ]
        : []
      : parts.throws.map((t) => ({
          type: xml && t.type ? lastSegment(t.type) : t.type,
          description: t.description,
        })),
    examples: parts.example !== undefined ? [parts.example] : [],
  };
}

/** What the reader gave back, in the convention's terms. */
function actualRead(language: string, doc: DocComment | undefined) {
  const convention = conventionOf(language);
  const markdown = convention === 'go' || convention === 'rust';
  const xml = convention === 'xml';
  return {
    summary: doc?.summary,
    description: doc && (xml ? collapse(doc.description) : doc.description),
    params: doc?.params.map((p) => ({ name: p.name, description: p.description })),
    returns: doc?.returns?.description,
    // `# Errors` has no type (a reader may name it `Err`); C# may read a cref without its namespace
    throws: doc?.throws.map((t) =>
      markdown
        ? { description: t.description }
        : t.type
          ? { type: xml ? lastSegment(t.type) : t.type, description: t.description }
          : { description: t.description },
    ),

    examples: doc?.examples,
  };
}

describe('write-back round trip: patch → git apply → re-index → the same docs', () => {
  for (const fixture of ROUND_TRIP_FIXTURES) {
    (fixture.readerGap && READER_GAPS[fixture.readerGap] ? test.fails : test)(
      `${fixture.language}${fixture.docstringStyle ? ` (${fixture.docstringStyle})` : ''}: ${fixture.path}`,
      async () => {
        const root = mkdtempSync(join(tmpdir(), 'writeback-'));
        roots.push(root);
        git(root, 'init', '-q');
        const file = join(root, fixture.path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, fixture.source);
        git(root, 'add', '.');
        git(root, 'commit', '-q', '-m', 'code');

        const before = await indexFile({ path: fixture.path, content: fixture.source });
        expect(before.language).toBe(fixture.language);
        const byName = new Map(before.objects.map((o) => [o.qualifiedName, o]));
        const edits = Object.entries(fixture.edits).map(([name, fields]) => {
          const object = byName.get(name);
          if (!object) throw new Error(`no ${name} in ${[...byName.keys()].join(', ')}`);
          return { objectId: object.id, fields: new Map(Object.entries(fields)) };
        });
        const result = writeDocs(fixture.source, before, edits, {
          docstringStyle: fixture.docstringStyle,
        });
        expect(result.skipped).toEqual([]);
        expect(result.written).toHaveLength(edits.length);

        const patch = unifiedPatch([
          { path: fixture.path, before: fixture.source, after: result.text },
        ]);
        writeFileSync(join(root, 'docs.patch'), patch);
        git(root, 'apply', '--check', 'docs.patch');
        git(root, 'apply', 'docs.patch');
        const applied = readFileSync(file, 'utf8');
        expect(applied).toBe(result.text);
        // only comment lines change: a removed line is blank, a comment's, or a line of an old doc
        const oldDocLines = new Set(
          before.objects.flatMap((o) => (o.doc ? o.doc.text.split('\n').map((l) => l.trim()) : [])),
        );
        const removed = patch
          .split('\n')
          .filter((l) => l.startsWith('-') && !l.startsWith('---'))
          .map((l) => l.slice(1).replace(/\r$/, ''));
        for (const line of removed) {
          const bare = line
            .trim()
            .replace(/^(\/\*\*?|\*\/|\*|\/\/\/?|#|r?"""|''')\s?/, '')
            .replace(/(\*\/|"""|''')$/, '')
            .trim();
          expect(
            bare === '' ||
              oldDocLines.has(bare) ||
              /^<\/?summary>|^<summary>.*<\/summary>$/.test(bare)
              ? ''
              : line,
          ).toBe('');
        }
        if (fixture.source.includes('\r\n'))
          expect(applied.replace(/\r\n/g, '')).not.toContain('\n');

        const reread = await indexFile({ path: fixture.path, content: applied });
        const objects = new Map(reread.objects.map((o) => [o.id, o]));
        for (const written of result.written) {
          const object = objects.get(written.objectId);
          expect(object, `object ${written.objectId}`).toBeDefined();
          expect({
            name: object!.qualifiedName,
            ...actualRead(fixture.language, object!.doc),
          }).toEqual({
            name: object!.qualifiedName,
            ...expectedRead(fixture.language, written.parts),
          });
        }
        // only comments and docstrings changed, which code hashes leave out: no object's hash
        // moves (a class holding its members' comments, a Python body its docstring), so the
        // docs just written back are not flagged stale by the next sync
        expect(new Map(reread.objects.map((o) => [o.id, o.codeHash]))).toEqual(
          new Map(before.objects.map((o) => [o.id, o.codeHash])),
        );
        // writing the same fields again changes nothing
        expect(
          writeDocs(applied, reread, edits, { docstringStyle: fixture.docstringStyle }).text,
        ).toBe(applied);
      },
    );
  }
});
