import { describe, expect, it } from 'vitest';
import { buildSite } from '../src/index.ts';
import { CSP } from '../src/pages/layout.ts';
import { fixtureModel, memorySink } from './fixture.ts';
import { attributeUrls, idsOf, resolvePath } from './site-check.ts';

async function build() {
  const sink = memorySink();
  const progress: [number, number][] = [];
  const result = await buildSite(fixtureModel(), sink, {
    onProgress: (done, total) => progress.push([done, total]),
  });
  return { files: sink.files, result, progress };
}

const site = await build();
const pages = [...site.files].filter(([path]) => path.endsWith('.html'));

/** URLs the model itself gives (the host's pages of repositories, files and objects). */
function modelUrls(): Set<string> {
  const urls = new Set<string>();
  for (const repo of fixtureModel().repositories) {
    urls.add(repo.url);
    if (repo.web_url) urls.add(repo.web_url);
    for (const file of repo.files) {
      if (file.source_url) urls.add(file.source_url);
      for (const object of file.objects) if (object.source_url) urls.add(object.source_url);
    }
  }
  return urls;
}

describe('buildSite on a two-repository compilation', () => {
  it('writes the overview, search, assets, one page per repository and per file', () => {
    expect([...site.files.keys()].sort()).toMatchInlineSnapshot(`
      [
        "assets/site.css",
        "assets/site.js",
        "assets/theme.js",
        "index.html",
        "repos/ingest/files/ingest/batch.py.html",
        "repos/ingest/files/ingest/pipeline.py.html",
        "repos/ingest/index.html",
        "repos/kv-store/files/src/codec.ts.html",
        "repos/kv-store/files/src/store.ts.html",
        "repos/kv-store/index.html",
        "search-index.js",
        "search.html",
      ]
    `);
    const bytes = [...site.files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    expect(site.result).toEqual({ files: 12, bytes });
    expect(site.progress.at(-1)).toEqual([12, 12]);
    expect(site.progress.map(([done]) => done)).toEqual([...Array(12).keys()].map((i) => i + 1));
  });

  it('shows generated-only, stale and unwritten objects apart in the coverage', async () => {
    const model = fixtureModel();
    const sink = memorySink();
    await buildSite(
      {
        ...model,
        repositories: model.repositories.map((repo, i) =>
          i === 0
            ? {
                ...repo,
                object_count: 10,
                documented_count: 5,
                generated_count: 3,
                stale_count: 1,
                undocumented_count: 1,
              }
            : repo,
        ),
      },
      sink,
    );
    const index = sink.files.get('index.html')!;
    expect(index).toContain(
      '50% documented <span class="muted">(5 of 10; 3 generated only, 1 stale, 1 needs a writer)</span>',
    );
  });

  it('shows repositories with their pinned commits and coverage on the overview', () => {
    const index = site.files.get('index.html')!;
    expect(index).toContain('<a href="repos/kv-store/index.html">kv-store</a>');
    expect(index).toContain('title="4f1c2a9be0d35e7718c0a6f2b9d4e1c3a5b7d9e1">4f1c2a9be0d3</code>');
    expect(index).toContain('67% documented <span class="muted">(6 of 9)</span>');
    expect(index).toContain('100% documented <span class="muted">(3 of 3)</span>');
    expect(index).toContain('Storage and ingest');
  });

  it('puts objects of a file page in compilation order, each with its anchor', () => {
    const page = site.files.get('repos/kv-store/files/src/store.ts.html')!;
    const anchors = [...page.matchAll(/<section class="object" id="([^"]+)"/g)].map((m) => m[1]);
    expect(anchors).toEqual(['class.Store', 'method.Store.get', 'method.Store.set']);
  });

  it('renders an object: highlighted signature and example, parameters, relations, diagram, source', () => {
    const page = site.files.get('repos/kv-store/files/src/store.ts.html')!;
    const get = page.slice(
      page.indexOf('id="method.Store.get"'),
      page.indexOf('id="method.Store.set"'),
    );
    expect(get).toContain('<pre class="signature"><code><span class="hl-function">get</span>');
    expect(get).toContain('<span class="hl-string-expression">&quot;port&quot;</span>');
    expect(get).toContain('<th scope="row"><code>fallback</code></th>');
    expect(get).toContain('<h3>Returns <span class="badges">');
    expect(get).toContain('<h3>Throws <span class="badges">');
    // generated text nobody accepted says so; empty fields are left out
    expect(get).toContain('<span class="badge badge-generated"');
    expect(get).not.toContain('<h3>Notes');
    expect(get).toContain(
      '<a href="codec.ts.html#function.decodeEntry"><code>decodeEntry</code></a>',
    );
    expect(get).toContain('<span class="unlinked">Map.get</span>');
    expect(get).toContain(
      '<a href="../../../ingest/files/ingest/pipeline.py.html#function.ingest.pipeline.run_pipeline">',
    );
    expect(get).toMatch(/<svg class="call-graph" viewBox="0 0 \d+ \d+"[^>]*role="img"/);
    expect(get).toContain('<span class="ln" aria-hidden="true">20</span>  get(key: string');
    expect(get).toContain('href="https://git.example.test/acme/kv-store/blob/');
    expect(get).toContain('<p class="member-of">Member of <a href="#class.Store">');
    expect(get).toContain('<span class="badge badge-stale"');
    expect(get).toContain('from the doc comment');
    const codec = site.files.get('repos/kv-store/files/src/codec.ts.html')!;
    expect(codec).toContain('<dt>Extended by</dt>');
    expect(codec).toContain('<a href="#class.JsonCodec"><code>JsonCodec</code></a>');
    expect(codec).toContain('<span class="badge badge-undocumented">needs a writer</span>');
  });

  it('shows who edited a doc and when', () => {
    const page = site.files.get('repos/ingest/files/ingest/batch.py.html')!;
    expect(page).toContain(
      'edited by Grace Hopper on <time datetime="2026-11-21T16:40:00.000Z">2026-11-21</time>',
    );
    expect(page).toMatch(/badge-stale[^<]*>stale<\/span> <span class="badge badge-edited">/);
  });

  it('gives every page a CSP, landmarks, a skip link, the search box and the theme toggle', () => {
    for (const [path, html] of pages) {
      expect(html, path).toContain(`<meta http-equiv="Content-Security-Policy" content="${CSP}">`);
      expect(html, path).toContain('<a class="skip-link" href="#main">');
      expect(html, path).toContain('<main id="main"');
      expect(html, path).toContain('<header class="site-header">');
      expect(html, path).toContain('<nav class="breadcrumbs" aria-label="Breadcrumbs">');
      expect(html, path).toContain('<footer class="site-footer">');
      expect(html, path).toContain('<input id="search-input" type="search" name="q"');
      expect(html, path).toContain('id="theme-toggle"');
      expect(html, path).not.toMatch(/<script>|<style|\sstyle="|\son[a-z]+=/i);
    }
    expect(CSP).toContain("default-src 'none'");
    expect(CSP).not.toContain('unsafe');
  });

  it('ships the search index as a script with root-relative URLs', () => {
    const script = site.files.get('search-index.js')!;
    expect(script.startsWith('window.CODEDOCS_SEARCH_INDEX = {"version":1,"items":[')).toBe(true);
    const index = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)) as {
      items: string[][];
    };
    expect(index.items).toHaveLength(10);
    expect(index.items[0]).toEqual([
      'Codec',
      'Codec',
      'interface',
      'kv-store',
      'Turns values into strings and back.',
      'repos/kv-store/files/src/codec.ts.html#interface.Codec',
    ]);
    for (const item of index.items) {
      const [page, anchor] = item[5]!.split('#');
      expect(idsOf(site.files.get(page!)!).has(anchor!), item[5]).toBe(true);
    }
  });
});

describe('site invariants', () => {
  it('is deterministic: two builds give byte-identical files in the same order', async () => {
    const again = await build();
    expect([...again.files.keys()]).toEqual([...site.files.keys()]);
    for (const [path, text] of site.files) expect(again.files.get(path), path).toBe(text);
  });

  it('resolves every internal link to a written file and anchor', () => {
    let checked = 0;
    for (const [path, html] of pages) {
      for (const { value } of attributeUrls(html)) {
        if (/^(https?:|mailto:)/i.test(value)) continue;
        expect(value, `${path}: ${value}`).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
        const [file, anchor] = value.split('#');
        const target = file ? resolvePath(path, file) : path;
        expect(site.files.has(target), `${path} → ${value}`).toBe(true);
        if (anchor)
          expect(idsOf(site.files.get(target)!).has(anchor), `${path} → ${value}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('contains no http(s) URL but the ones the model gives and markdown links to click', () => {
    const allowed = modelUrls();
    allowed.add('https://docs.example.test/guide'); // a link written in a doc field (a click, not a request)
    for (const [path, text] of site.files) {
      for (const match of text.matchAll(/https?:\/\/[^\s"'<>)\\]+/gi)) {
        expect(allowed.has(match[0]), `${path}: ${match[0]}`).toBe(true);
      }
      for (const { tag, attr, value } of attributeUrls(text)) {
        if (tag !== 'a') expect(value, `${path}: <${tag} ${attr}>`).not.toMatch(/^(https?:)?\/\//i);
      }
    }
  });

  it('neutralises script, event handlers, javascript: links, styles, frames and external images in markdown', () => {
    const page = site.files.get('repos/kv-store/files/src/store.ts.html')!;
    const summary = page.slice(page.indexOf('id="method.Store.get"'));
    const prose = summary.slice(
      summary.indexOf('<div class="prose">'),
      summary.indexOf('</div></div>'),
    );
    expect(prose).toContain('Reads the value.');
    expect(prose).not.toMatch(
      /<script|alert\(|onerror|onclick|onmouseover|javascript:|<style|<iframe|<img|tracker/i,
    );
    expect(prose).toContain('<a>click me</a>');
    expect(prose).toContain(
      '<a href="https://docs.example.test/guide" rel="noopener noreferrer nofollow">the guide</a>',
    );
  });
});

describe('plainText for search summaries', () => {
  it('drops code, script and style bodies and markup', async () => {
    const { plainText } = await import('../src/markdown.ts');
    expect(plainText('Reads <script>alert(1)</script> the `key` **now** <style>b{}</style>')).toBe(
      'Reads the key now',
    );
    expect(plainText('x'.repeat(200), 10)).toBe('xxxxxxxxx…');
  });
});
