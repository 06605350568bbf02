import { describe, expect, it } from 'vitest';
import { buildRoutes, hrefFrom, rootFrom, slug } from '../src/routes.ts';
import { fixtureModel } from './fixture.ts';

describe('site routes', () => {
  it('gives files that differ only in case or punctuation different pages', () => {
    const model = fixtureModel();
    const repo = model.repositories[0]!;
    const template = repo.files[0]!;
    repo.files = [
      { ...template, file_id: 'a', path: 'src/App.ts', objects: [] },
      { ...template, file_id: 'b', path: 'src/app.ts', objects: [] },
      { ...template, file_id: 'c', path: 'src/my file.ts', objects: [] },
      { ...template, file_id: 'd', path: 'src/my-file.ts', objects: [] },
      { ...template, file_id: 'e', path: '../../etc/passwd', objects: [] },
    ];
    const routes = buildRoutes(model);
    const pages = repo.files.map((file) => routes.filePage.get(file));
    expect(pages).toEqual([
      'repos/kv-store/files/src/App.ts.html',
      'repos/kv-store/files/src/app.ts-2.html',
      'repos/kv-store/files/src/my-file.ts.html',
      'repos/kv-store/files/src/my-file.ts-2.html',
      'repos/kv-store/files/etc/passwd.html',
    ]);
  });

  it('gives repositories with one name and overloads of one name distinct paths and anchors', () => {
    const model = fixtureModel();
    model.repositories[1]!.name = 'KV-Store';
    const file = model.repositories[0]!.files[1]!;
    const overload = { ...file.objects[2]!, key: 'repo-kv:o-encode-2', position: 50 };
    file.objects.push(overload);
    const routes = buildRoutes(model);
    expect([...routes.repoPage.values()]).toEqual([
      'repos/kv-store/index.html',
      'repos/KV-Store-2/index.html',
    ]);
    expect(routes.objects.get('repo-kv:o-encode')?.anchor).toBe('function.encodeEntry');
    expect(routes.objects.get('repo-kv:o-encode-2')?.anchor).toBe('function.encodeEntry-2');
  });

  it('links relatively between pages at any depth', () => {
    expect(hrefFrom('repos/a/files/src/x.ts.html', 'repos/b/files/y.py.html')).toBe(
      '../../../b/files/y.py.html',
    );
    expect(hrefFrom('index.html', 'repos/a/index.html')).toBe('repos/a/index.html');
    expect(rootFrom('repos/a/files/src/x.ts.html')).toBe('../../../../');
    expect(rootFrom('index.html')).toBe('');
    expect(slug('ünïcode name/..')).toBe('n-code-name');
    expect(slug('...')).toBe('_');
  });
});
