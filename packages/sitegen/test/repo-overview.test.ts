import type { OverviewFacts, SiteModel } from '@codedocs/contract';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../src/index.ts';
import { CSP } from '../src/pages/layout.ts';
import { HOSTILE_MARKDOWN, fixtureModel, memorySink } from './fixture.ts';
import { attributeUrls, resolvePath } from './site-check.ts';

// What the engine computes for the kv-store fixture's shape: a TS package with a bin and exports.
const FACTS: OverviewFacts = {
  version: 1,
  files: 3,
  objects: 9,
  languages: [{ language: 'typescript', files: 3 }],
  entry_points: [
    {
      kind: 'command',
      name: 'kv',
      target: './dist/cli.js',
      declared_in: 'package.json',
      file_path: 'src/cli.ts',
      object: null,
    },
  ],
  modules: [
    {
      path: 'src',
      files: 2,
      objects: 6,
      kinds: { class: 2, method: 4 },
      languages: ['typescript'],
      test: false,
      key_objects: [],
    },
    {
      path: 'src/codecs',
      files: 1,
      objects: 3,
      kinds: { class: 1, interface: 1, function: 1 },
      languages: ['typescript'],
      test: false,
      key_objects: [],
    },
  ],
  module_count: 2,
  dependencies: [{ from: 'src', to: 'src/codecs', imports: 2 }],
  graph: {
    width: 428,
    height: 36,
    node_width: 184,
    node_height: 28,
    nodes: [
      { path: 'src', x: 4, y: 4 },
      { path: 'src/codecs', x: 244, y: 4 },
    ],
    edges: [{ from: 'src', to: 'src/codecs', imports: 2, back: false }],
  },
  most_used: [],
  public_api: [],
  public_api_total: 0,
};

function modelWithOverview(): SiteModel {
  const model = fixtureModel();
  model.repositories[0]!.overview = {
    facts: FACTS,
    sections: [
      { section_id: 'summary', title: 'Summary', value: 'A key-value store with **codecs**.' },
      { section_id: 'entry_points', title: 'Entry points', value: HOSTILE_MARKDOWN },
      {
        section_id: 'dependencies',
        title: 'Module dependencies',
        value: '- `src` imports `src/codecs` (2).',
      },
    ],
  };
  return model;
}

describe('a repository overview in the site', () => {
  it('is a page of its repository, linked from it, with its sections and the module graph', async () => {
    const sink = memorySink();
    await buildSite(modelWithOverview(), sink);
    const path = 'repos/kv-store/overview.html';
    const page = sink.files.get(path)!;
    expect(page).toBeDefined();
    // the other repository of the fixture has no overview: no page for it
    expect([...sink.files.keys()].filter((p) => p.endsWith('overview.html'))).toEqual([path]);
    expect(sink.files.get('repos/kv-store/index.html')).toContain('href="overview.html"');
    expect(page).toContain(`content="${CSP}"`);
    expect(page).toContain('<h2>Summary</h2>');
    expect(page).toContain('A key-value store with <strong>codecs</strong>.');
    const graph = page.slice(page.indexOf('<svg class="call-graph module-graph"'));
    expect(graph).toContain('<title>src imports src/codecs (2)</title>');
    expect(graph).toContain('>src/codecs</text>');
    // after the dependencies text, inside that section
    expect(page.indexOf('module-graph')).toBeGreaterThan(
      page.indexOf('<h2>Module dependencies</h2>'),
    );
  });

  it('works offline: every link stays in the site, and edited markdown is sanitised', async () => {
    const sink = memorySink();
    await buildSite(modelWithOverview(), sink);
    const path = 'repos/kv-store/overview.html';
    const page = sink.files.get(path)!;
    for (const { tag, value } of attributeUrls(page)) {
      if (tag === 'a' && /^https?:/.test(value)) continue;
      expect(value).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
      const [file] = value.split('#');
      if (file) expect(sink.files.has(resolvePath(path, file)), value).toBe(true);
    }
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('onerror');
    expect(page).not.toContain('javascript:');
    expect(page).not.toContain('<iframe');
    expect(page).not.toContain('tracker.example.test');
  });

  it('links the objects its facts name to their place in the site, in edited text too', async () => {
    const model = modelWithOverview();
    const repo = model.repositories[0]!;
    const at = (object_id: string, qualified_name: string, file_path: string) => ({
      object_id,
      name: qualified_name.split('.').pop()!,
      qualified_name,
      kind: 'method',
      file_path,
    });
    repo.overview!.facts = {
      ...FACTS,
      most_used: [
        { ...at('o-get', 'Store.get', 'src/store.ts'), callers: 4, call_sites: 6, test_callers: 1 },
        // named by the facts but not compiled into this site: stays plain code
        {
          ...at('o-gone', 'Store.clear', 'src/store.ts'),
          callers: 2,
          call_sites: 2,
          test_callers: 0,
        },
      ],
      public_api: [
        {
          module: 'src',
          objects: [{ ...at('o-encode', 'encodeEntry', 'src/codec.ts'), signature: '' }],
        },
      ],
      public_api_total: 1,
    };
    repo.overview!.sections.push(
      {
        section_id: 'most_used',
        title: 'Most-used objects',
        value: '1. `Store.get` (method): 4 callers.\n2. `Store.clear` (method): 2 callers.',
      },
      // a person's own words name the objects the same way
      {
        section_id: 'public_api',
        title: 'Public API',
        value: 'Start with `encodeEntry`, not `Store`.',
      },
    );
    const sink = memorySink();
    await buildSite(model, sink);
    const path = 'repos/kv-store/overview.html';
    const page = sink.files.get(path)!;
    const links = attributeUrls(page).filter(
      ({ tag, value }) => tag === 'a' && value.includes('#'),
    );
    const get = links.find(({ value }) => value.endsWith('#method.Store.get'));
    const encode = links.find(({ value }) => /#[a-z]+\.encodeEntry$/.test(value));
    expect(get, page).toBeDefined();
    expect(encode).toBeDefined();
    for (const { value } of [get!, encode!]) {
      const [file] = value.split('#');
      expect(sink.files.has(resolvePath(path, file!))).toBe(true);
    }
    expect(page).toContain('<a href="' + get!.value + '"><code>Store.get</code></a>');
    expect(page).toContain('<li><code>Store.clear</code> (method)');
    expect(page).toContain('not <code>Store</code>.');
  });

  it('builds the same bytes for the same model', async () => {
    const a = memorySink();
    const b = memorySink();
    await buildSite(modelWithOverview(), a);
    await buildSite(modelWithOverview(), b);
    expect(a.files.get('repos/kv-store/overview.html')).toBe(
      b.files.get('repos/kv-store/overview.html'),
    );
  });
});
