import { describe, expect, test } from 'vitest';
import { generateDoc } from './generate/docs.ts';
import { renderDocComment } from './generate/render.ts';
import { indexRepository, streamRepositoryIndex } from './index-repository.ts';
import { streamIndexUpdate, updateIndex } from './index-update.ts';
import { MemoryModelStore, type FileSource } from './index-sources.ts';
import { contentHash } from './identity.ts';
import type { Reference, SourceFile } from './model.ts';
import { calledBy, callsOf, usagesOf } from './resolve/queries.ts';

const repo = [
  {
    path: 'src/math.ts',
    content: `/** Adds two numbers. */
export function add(a: number, b = 1): number {
  if (a < 0) throw new RangeError('negative');
  return a + b;
}
export class Calc extends Base {
  total(values: number[]) { return this.sum(values); }
  sum(values: number[]) { return values.reduce((x, y) => add(x, y), 0); }
}
`,
  },
  {
    path: 'src/app.ts',
    content: `import { add } from './math.js';\nexport function main() { return add(2) + missing(); }\n`,
  },
  {
    path: 'test/math.test.ts',
    content: `import { add } from '../src/math';\ntest('adds', () => { expect(add(1, 2)).toBe(3); });\n`,
  },
  { path: 'src/other.ts', content: `export function unrelated() { return 1; }\n` },
];

describe('indexRepository', () => {
  test('resolves calls, called-by, this-calls, imports and keeps unknown names external', async () => {
    const index = await indexRepository(repo);
    const object = (q: string) =>
      index.files.flatMap((f) => f.objects).find((o) => o.qualifiedName === q)!;
    const add = object('add');
    expect(
      calledBy(index.references, add.id)
        .map((r) => r.fromFile)
        .sort(),
    ).toEqual(['src/app.ts', 'src/math.ts', 'test/math.test.ts']);
    expect(callsOf(index.references, object('Calc.total').id)[0]?.toId).toBe(object('Calc.sum').id);
    const mainCalls = callsOf(index.references, object('main').id);
    expect(mainCalls.find((r) => r.name === 'missing')?.toId).toBeUndefined();
    expect(
      index.references.find((r) => r.kind === 'import' && r.fromFile === 'src/app.ts')?.toFile,
    ).toBe('src/math.ts');
    expect(index.references.find((r) => r.kind === 'extends')).toMatchObject({ name: 'Base' });
    expect(usagesOf(index.references, add.id)[0]?.fromFile).toBe('test/math.test.ts');
  });

  test('re-indexing after a one-file change parses that one file only', async () => {
    const first = await indexRepository(repo);
    const { index, reparsed, reresolved } = await updateIndex(first, [
      { path: 'src/other.ts', content: 'export function unrelated() { return 2; }\n' },
    ]);
    expect(reparsed).toEqual(['src/other.ts']);
    expect(reresolved).toEqual(['src/other.ts']);
    expect(index.files.map((f) => f.path)).toEqual(first.files.map((f) => f.path));
    const edited = await updateIndex(first, [
      { path: 'src/math.ts', content: repo[0]!.content.replace('a + b', 'b + a') },
    ]);
    expect(edited.reresolved).toEqual(['src/math.ts']);
    const renamed = await updateIndex(first, [
      { path: 'src/math.ts', content: repo[0]!.content.replace(/\badd\b/g, 'plus') },
    ]);
    expect(renamed.reresolved).toEqual(
      expect.arrayContaining(['src/app.ts', 'src/math.ts', 'test/math.test.ts']),
    );
    const app = renamed.index.references.filter(
      (r) => r.fromFile === 'src/app.ts' && r.kind === 'call',
    );
    expect(app.find((r) => r.name === 'add')?.toId).toBeUndefined();
    const deleted = await updateIndex(first, [{ path: 'src/other.ts', content: null }]);
    expect(deleted.index.files.map((f) => f.path)).not.toContain('src/other.ts');
  });

  test('generated docs: the comment wins, every signature parameter appears exactly once', async () => {
    const index = await indexRepository(repo);
    const add = index.files.flatMap((f) => f.objects).find((o) => o.name === 'add')!;
    const sources = new Map(repo.map((f) => [f.path, String(f.content)]));
    const doc = generateDoc(add, index.references, { sourceOf: (p) => sources.get(p) });
    expect(doc.summary).toBe('Adds two numbers.');
    expect(doc.parameters.map((p) => p.name)).toEqual(['a', 'b']);
    expect(doc.parameters[1]?.description).toContain('`1` when omitted');
    expect(doc.throws.map((t) => t.type)).toEqual(['RangeError']);
    expect(doc.example).toContain('add(1, 2)');
    const rendered = renderDocComment('typescript', add, doc);
    expect(rendered).toContain('@param a -');
    expect(rendered).toContain('@throws');
  });

  test('Python docs render Google style', async () => {
    const index = await indexRepository([
      { path: 'm.py', content: 'def fetch_rows(table, limit=10, *keys):\n    return []\n' },
    ]);
    const fn = index.files[0]!.objects.find((o) => o.kind === 'function')!;
    const doc = generateDoc(fn, index.references);
    expect(doc.parameters.map((p) => p.name)).toEqual(['table', 'limit', 'keys']);
    expect(renderDocComment('python', fn, doc)).toContain(
      'Args:\n    table: \n    limit: `10` when omitted.',
    );
  });

  test('Python annotations count as usages of the classes they name, tests first', async () => {
    const index = await indexRepository([
      { path: 'pkg/config.py', content: 'class Config:\n    pass\n' },
      {
        path: 'pkg/app.py',
        content: 'from .config import Config\n\ndef run(c: Config) -> None:\n    pass\n',
      },
      {
        path: 'tests/test_app.py',
        content: 'from pkg.config import Config\n\ndef test_run():\n    Config()\n',
      },
    ]);
    const config = index.files.flatMap((f) => f.objects).find((o) => o.name === 'Config')!;
    const usages = usagesOf(index.references, config.id);
    expect(usages.map((u) => `${u.fromFile}:${u.kind}`)).toEqual([
      'tests/test_app.py:call',
      'pkg/app.py:usage',
    ]);
  });

  test('worker threads give the same result as parsing in-thread', async () => {
    const inThread = await indexRepository(repo);
    const pooled = await indexRepository(repo, { threads: 2 });
    expect(pooled).toEqual(inThread);
  });

  test('a sink that fails stops the run with its error, in-thread and on threads', async () => {
    for (const options of [{}, { threads: 2 }]) {
      const failing = {
        references: () => {
          throw new Error('disk full');
        },
      };
      await expect(streamRepositoryIndex(repo, failing, options)).rejects.toThrow('disk full');
    }
  });

  test('a model store is read back instead of parsing, and an update from a keyed base equals a fresh index', async () => {
    // a source keyed by content, as git keys files by blob
    const keyed = (files: SourceFile[]): FileSource => ({
      list: () => files.map((f) => ({ path: f.path, key: contentHash(f.content) })),
      async *read(entries) {
        for (const entry of entries) yield files.find((f) => f.path === entry.path)!;
      },
    });
    const store = new MemoryModelStore();
    const first = await streamRepositoryIndex(keyed(repo), {}, { store });
    expect(first.parsed.sort()).toEqual(repo.map((f) => f.path).sort());
    const again = await streamRepositoryIndex(keyed(repo), {}, { store, threads: 2 });
    expect(again).toMatchObject({ parsed: [], files: repo.length, objects: first.objects });

    const base = await indexRepository(repo);
    const renamed = repo.map((f) =>
      f.path === 'src/math.ts' ? { ...f, content: f.content.replace(/\badd\b/g, 'plus') } : f,
    );
    const handed: string[] = [];
    const references = new Map<string, Reference[]>();
    const update = await streamIndexUpdate(
      { files: await keyed(repo).list(), references: base.references },
      keyed(renamed),
      {
        file: (model, origin) => void handed.push(`${model.path} ${origin}`),
        references: ({ path, references: list }) =>
          void references.set(path, [...(references.get(path) ?? []), ...list]),
      },
      { store, threads: 2 },
    );
    expect(handed).toEqual(['src/math.ts parsed']);
    expect(update).toMatchObject({ changed: ['src/math.ts'], parsed: ['src/math.ts'] });
    expect(update.objectDelta).toBe(0);
    expect(update.reresolved).toEqual(['src/app.ts', 'src/math.ts', 'test/math.test.ts']);
    const fresh = await indexRepository(renamed);
    expect(fresh.files.flatMap((f) => references.get(f.path) ?? [])).toEqual(fresh.references);
  });

  test('an aborted run stops with the signal reason, in-thread and on threads', async () => {
    for (const threads of [undefined, 2]) {
      const controller = new AbortController();
      controller.abort(new Error('cancelled'));
      await expect(
        streamRepositoryIndex(repo, {}, { signal: controller.signal, ...(threads && { threads }) }),
      ).rejects.toThrow('cancelled');
    }
  });
});
