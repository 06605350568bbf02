import { posix } from 'node:path';
import { SITE_MODEL_VERSION, type SiteModel, type SiteObject } from '@codedocs/contract';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_OBJECTS_PER_PAGE, markdownFolder, relativeLink } from './markdown-export';

function object(
  repo: string,
  id: string,
  name: string,
  position: number,
  calls: string[] = [],
): SiteObject {
  return {
    key: `${repo}:${id}`,
    object_id: id,
    name,
    qualified_name: name,
    kind: 'function',
    language: 'python',
    signature: `def ${name}():`,
    line_start: position + 1,
    line_end: position + 2,
    position,
    status: 'documented',
    code: '',
    source_url: null,
    parent_key: null,
    fields: [
      {
        field_id: 'summary',
        label: 'Summary',
        value: `Does ${name}.`,
        source: 'edited',
        updated_by: 'Ada',
        updated_at: '2026-11-25T00:00:00.000Z',
        stale: false,
      },
    ],
    calls: calls.map((key) => ({ key, name: key })),
    called_by: [{ key: null, name: 'outside.py' }],
    extends: [],
    extended_by: [],
  };
}

/** Every relative link of every page resolves to a page and, with `#`, to an anchor in it. */
function expectLinksResolve(pages: Map<string, string>): number {
  let count = 0;
  for (const [page, text] of pages) {
    for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
      const [file, anchor] = decodeURIComponent(target!).split('#');
      const resolved = file ? posix.join(posix.dirname(page), file) : page;
      expect(pages.has(resolved), `${page} → ${target}`).toBe(true);
      if (anchor)
        expect(pages.get(resolved), `${page} → ${target}`).toContain(`<a id="${anchor}"></a>`);
      count++;
    }
  }
  return count;
}

describe('Markdown export', () => {
  const many = Array.from({ length: MARKDOWN_OBJECTS_PER_PAGE + 1 }, (_, i) =>
    object(
      'r1',
      `big${i}`,
      i === 3 ? 'Parser.parse' : `step_${i}`,
      i,
      i > 0 ? [`r1:big${i - 1}`] : [],
    ),
  );
  const model: SiteModel = {
    version: SITE_MODEL_VERSION,
    title: 'Engine',
    compilation_id: 'c1',
    compilation_name: 'Engine',
    built_at: '2026-11-25T00:00:00.000Z',
    repositories: [
      {
        repo_id: 'r1',
        name: 'core lib',
        url: 'https://example.com/core.git',
        web_url: null,
        branch: 'main',
        commit_id: 'a'.repeat(40),
        object_count: 43,
        documented_count: 43,
        files: [
          {
            file_id: 'f1',
            path: 'src/big.py',
            language: 'python',
            source_url: null,
            objects: many,
          },
          {
            file_id: 'f2',
            path: 'src/small file.py',
            language: 'python',
            source_url: null,
            objects: [object('r1', 'small', 'small', 0, ['r1:big7', 'r1:missing'])],
          },
        ],
      },
    ],
  };

  it('splits a file with many objects into a page per object; every link resolves', () => {
    const pages = new Map(markdownFolder(model).map((f) => [f.path, f.text]));
    expect(pages.has('README.md')).toBe(true);
    expect(pages.has('core-lib/src/big.py.md')).toBe(true);
    expect(pages.has('core-lib/src/big.py/Parser-parse.md')).toBe(true);
    expect(pages.has('core-lib/src/small file.py.md')).toBe(true);
    expect(pages.size).toBe(1 + 1 + many.length + 1);
    const own = pages.get('core-lib/src/big.py/step_8.md')!;
    expect(own).toMatch(/^---\ntitle: "step_8"\nid: "big8"\n/);
    expect(own).toContain(`commit: "${'a'.repeat(40)}"`);
    expect(own).toContain('status: "documented"');
    expect(pages.get('core-lib/src/small file.py.md')).toContain(
      '[`r1:big7`](big.py/step_7.md#obj-big7)',
    );
    expect(expectLinksResolve(pages)).toBeGreaterThan(many.length * 2);
  });

  it('writes relative links as git hosts resolve them', () => {
    expect(relativeLink('a/b.md', 'a/b.md', 'x')).toBe('#x');
    expect(relativeLink('a/b.md', 'c/d e.md')).toBe('../c/d%20e.md');
    expect(relativeLink('README.md', 'r/src/x.py.md', 'obj-1')).toBe('r/src/x.py.md#obj-1');
  });

  it('a link that does not resolve is caught', () => {
    const pages = new Map([['a.md', '[x](missing.md)']]);
    expect(() => expectLinksResolve(pages)).toThrow();
  });
});
