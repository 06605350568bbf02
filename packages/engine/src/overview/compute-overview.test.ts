import { describe, expect, it } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import { computeOverview } from './compute-overview.ts';
import type { ManifestFile } from './entry-points.ts';
import { overviewSections } from './overview-text.ts';

/** Indexes the files with the real parsers and computes the overview from that model. */
async function overviewOf(files: Record<string, string>) {
  const sources = Object.entries(files).map(([path, content]) => ({ path, content }));
  const index = await indexRepository(sources);
  const manifests: ManifestFile[] = sources
    .filter((f) =>
      /(^|\/)(package\.json|pyproject\.toml|setup\.cfg|setup\.py|Cargo\.toml)$/.test(f.path),
    )
    .map((f) => ({ path: f.path, text: f.content }));
  return computeOverview({
    files: index.files,
    references: index.references,
    manifests,
    paths: Object.keys(files),
  });
}

// A Python package in the src/ layout, as pip-installable projects ship: a console script in
// pyproject.toml, `python -m inventory`, a private helper module and tests.
const pythonPackage = {
  'pyproject.toml': [
    '[build-system]',
    'requires = ["hatchling"]',
    '',
    '[project]',
    'name = "inventory"',
    'version = "1.2.0"',
    '',
    '[project.scripts]',
    'inventory = "inventory.cli:main"',
    'inventory-report = "inventory.report:run_report"',
    '',
  ].join('\n'),
  'src/inventory/__init__.py':
    'from .store import Store, open_store\n\n__all__ = ["Store", "open_store"]\n',
  'src/inventory/__main__.py': 'from .cli import main\n\nif __name__ == "__main__":\n    main()\n',
  'src/inventory/cli.py': [
    'import argparse',
    'from .store import open_store',
    'from .report import run_report',
    '',
    'def build_parser():',
    '    parser = argparse.ArgumentParser(prog="inventory")',
    '    parser.add_argument("path")',
    '    return parser',
    '',
    'def main(argv=None):',
    '    args = build_parser().parse_args(argv)',
    '    store = open_store(args.path)',
    '    run_report(store)',
    '    return 0',
    '',
  ].join('\n'),
  'src/inventory/store.py': [
    'from ._paths import normalise',
    '',
    'class Store:',
    '    def __init__(self, path):',
    '        self.path = normalise(path)',
    '        self.items = {}',
    '',
    '    def add(self, name, count=1):',
    '        self.items[name] = self.items.get(name, 0) + count',
    '',
    '    def total(self):',
    '        return sum(self.items.values())',
    '',
    'def open_store(path):',
    '    return Store(path)',
    '',
  ].join('\n'),
  'src/inventory/report.py': [
    'from .store import Store',
    '',
    'def run_report(store=None):',
    '    if store is None:',
    '        return None',
    '    return store.total()',
    '',
  ].join('\n'),
  'src/inventory/_paths.py': 'def normalise(path):\n    return path.rstrip("/")\n',
  'tests/test_store.py': [
    'from inventory.store import open_store',
    '',
    'def test_add():',
    '    store = open_store("/tmp/x")',
    '    store.add("apple")',
    '    assert store.total() == 1',
    '',
    'def test_empty():',
    '    assert open_store("/tmp/y").total() == 0',
    '',
  ].join('\n'),
};

// A TypeScript library with a CLI, as npm packages ship: `bin` and `exports` name build outputs
// in dist/ whose sources are in src/.
const tsPackage = {
  'package.json': JSON.stringify(
    {
      name: '@acme/slugger',
      version: '3.0.0',
      type: 'module',
      bin: { slugger: './dist/cli.js' },
      main: './dist/index.js',
      exports: {
        '.': { types: './dist/index.d.ts', import: './dist/index.js' },
        './rules': { import: './dist/rules/index.js' },
        './package.json': './package.json',
      },
    },
    null,
    2,
  ),
  'src/index.ts': [
    "import { applyRules, defaultRules } from './rules/index.js';",
    '',
    'export interface SlugOptions {',
    '  separator?: string;',
    '}',
    '',
    'export function slugify(text: string, options: SlugOptions = {}): string {',
    "  const separator = options.separator ?? '-';",
    '  return applyRules(text.toLowerCase(), defaultRules).split(/\\s+/).join(separator);',
    '}',
    '',
    'function unused(): void {}',
    '',
  ].join('\n'),
  'src/cli.ts': [
    "import { slugify } from './index.js';",
    '',
    'export function runCli(argv: string[]): number {',
    '  for (const word of argv) console.log(slugify(word));',
    '  return 0;',
    '}',
    '',
    'runCli(process.argv.slice(2));',
    '',
  ].join('\n'),
  'src/rules/index.ts': [
    'export type Rule = (text: string) => string;',
    '',
    "export const defaultRules: Rule[] = [(t) => t.replace(/[^a-z0-9\\s]/g, '')];",
    '',
    'export function applyRules(text: string, rules: Rule[]): string {',
    '  return rules.reduce((acc, rule) => rule(acc), text);',
    '}',
    '',
  ].join('\n'),
  'test/slugify.test.ts': [
    "import { slugify } from '../src/index.js';",
    '',
    "slugify('Hello World');",
    "slugify('A  b', { separator: '_' });",
    '',
  ].join('\n'),
  'dist/.gitkeep': '',
};

describe('computeOverview on a Python package in the src/ layout', () => {
  it('finds the console scripts, `python -m` and the main function they run', async () => {
    const facts = await overviewOf(pythonPackage);
    const entries = facts.entry_points.map((e) => [
      e.kind,
      e.name,
      e.file_path,
      e.object?.qualified_name ?? null,
    ]);
    expect(entries).toEqual([
      ['command', 'inventory', 'src/inventory/cli.py', 'main'],
      ['command', 'inventory-report', 'src/inventory/report.py', 'run_report'],
      ['python_module', 'python -m inventory', 'src/inventory/__main__.py', null],
    ]);
  });

  it('has its files as modules (one package folder), largest first, tests last', async () => {
    const facts = await overviewOf(pythonPackage);
    expect(facts.modules.map((m) => [m.path, m.objects, m.test])).toEqual([
      ['src/inventory/store.py', 5, false],
      ['src/inventory/cli.py', 2, false],
      ['src/inventory/_paths.py', 1, false],
      ['src/inventory/report.py', 1, false],
      ['src/inventory/__init__.py', 0, false],
      ['src/inventory/__main__.py', 0, false],
      ['tests/test_store.py', 2, true],
    ]);
    const store = facts.modules[0]!;
    // `constructor` is a kind like any other, not Object.prototype's
    expect(store.kinds).toEqual({ class: 1, constructor: 1, function: 1, method: 2 });
    expect(store.key_objects.map((o) => [o.qualified_name, o.callers])).toEqual([
      ['open_store', 3],
      ['Store', 1],
    ]);
    expect(facts.languages).toEqual([{ language: 'python', files: 7 }]);
  });

  it('draws the import graph between modules and ranks objects by distinct callers', async () => {
    const facts = await overviewOf(pythonPackage);
    expect(facts.dependencies).toEqual([
      { from: 'src/inventory/__init__.py', to: 'src/inventory/store.py', imports: 1 },
      { from: 'src/inventory/__main__.py', to: 'src/inventory/cli.py', imports: 1 },
      { from: 'src/inventory/cli.py', to: 'src/inventory/report.py', imports: 1 },
      { from: 'src/inventory/cli.py', to: 'src/inventory/store.py', imports: 1 },
      { from: 'src/inventory/report.py', to: 'src/inventory/store.py', imports: 1 },
      { from: 'src/inventory/store.py', to: 'src/inventory/_paths.py', imports: 1 },
      { from: 'tests/test_store.py', to: 'src/inventory/store.py', imports: 1 },
    ]);
    // open_store is called by cli.main and both tests: three callers, two of them tests
    const used = facts.most_used.map((o) => [o.qualified_name, o.callers, o.test_callers]);
    expect(used[0]).toEqual(['open_store', 3, 2]);
    expect(used).toContainEqual(['normalise', 1, 0]);
  });

  it('lays the graph out with every importer left of what it imports', async () => {
    const { graph } = await overviewOf(pythonPackage);
    const x = new Map(graph.nodes.map((n) => [n.path, n.x]));
    for (const edge of graph.edges) {
      expect(edge.back).toBe(false);
      expect(x.get(edge.from)!).toBeLessThan(x.get(edge.to)!);
    }
    expect(x.get('src/inventory/_paths.py')).toBe(Math.max(...x.values()));
    expect(graph.width).toBeGreaterThan(0);
  });

  it('lists public top-level objects and leaves private modules, names and tests out', async () => {
    const facts = await overviewOf(pythonPackage);
    const names = facts.public_api.flatMap((g) => g.objects.map((o) => o.qualified_name));
    expect(names).toEqual(expect.arrayContaining(['Store', 'open_store', 'main', 'run_report']));
    expect(names).not.toContain('normalise');
    expect(names).not.toContain('Store.add');
    expect(names.some((n) => n.startsWith('test_'))).toBe(false);
    expect(facts.public_api_total).toBe(names.length);
  });
});

describe('computeOverview on a TypeScript package with bin and exports', () => {
  it('maps bin, main and exports from dist/ to their sources in src/', async () => {
    const facts = await overviewOf(tsPackage);
    expect(facts.entry_points.map((e) => [e.kind, e.name, e.target, e.file_path])).toEqual([
      ['command', 'slugger', './dist/cli.js', 'src/cli.ts'],
      ['main', '@acme/slugger', './dist/index.js', 'src/index.ts'],
      ['export', '@acme/slugger', './dist/index.js', 'src/index.ts'],
      ['export', '@acme/slugger/rules', './dist/rules/index.js', 'src/rules/index.ts'],
    ]);
  });

  it('has exported objects as its public API and module edges from imports', async () => {
    const facts = await overviewOf(tsPackage);
    const api = Object.fromEntries(
      facts.public_api.map((g) => [g.module, g.objects.map((o) => o.qualified_name)]),
    );
    expect(api['src/index.ts']).toEqual(['SlugOptions', 'slugify']);
    expect(api['src/rules/index.ts']).toEqual(expect.arrayContaining(['Rule', 'applyRules']));
    expect(Object.keys(api)).not.toContain('test/slugify.test.ts');
    expect(facts.dependencies).toEqual(
      expect.arrayContaining([
        { from: 'src', to: 'src/rules', imports: 1 },
        { from: 'test', to: 'src', imports: 1 },
      ]),
    );
    expect(facts.most_used[0]).toMatchObject({ qualified_name: 'slugify', callers: 2 });
  });
});

describe('overviewSections', () => {
  it('writes facts only, and nothing for a section without facts', async () => {
    const facts = await overviewOf(pythonPackage);
    const text = overviewSections(facts);
    expect(text.summary).toContain(
      '7 source files in python (7), holding 18 objects, in 7 modules.',
    );
    expect(text.modules).toContain(
      '- `src/inventory/store.py`: 2 methods, 1 class, 1 constructor and 1 function; main objects `open_store` (3 callers) and `Store` (1 caller).',
    );
    expect(text.modules).not.toContain('__init__.py');
    expect(text.summary).toContain(
      'It runs as `inventory`, `inventory-report` and `python -m inventory`.',
    );
    expect(text.entry_points).toContain(
      '- `inventory`: command declared in `pyproject.toml`, runs `main` in `src/inventory/cli.py`.',
    );
    expect(text.most_used.split('\n')[0]).toBe(
      '1. `open_store` (function, `src/inventory/store.py`): 3 callers, 2 of them in tests.',
    );
    const empty = overviewSections(
      computeOverview({ files: [], references: [], manifests: [], paths: [] }),
    );
    expect(Object.values(empty).every((value) => value === '')).toBe(true);
  });

  it('is the same for the same model', async () => {
    expect(JSON.stringify(await overviewOf(tsPackage))).toBe(
      JSON.stringify(await overviewOf(tsPackage)),
    );
  });
});

describe('entry points of other ecosystems', () => {
  it("reads Go's cmd/<name>/main.go, Cargo binaries and setup.cfg console scripts", async () => {
    const facts = await overviewOf({
      'go.mod': 'module example.test/relay\n\ngo 1.22\n',
      'cmd/relayd/main.go': 'package main\n\nfunc main() {\n\tserve()\n}\n\nfunc serve() {}\n',
      'internal/queue/queue.go': 'package queue\n\nfunc Push(v int) {}\n',
      'tools/Cargo.toml':
        '[package]\nname = "relay-tools"\n\n[[bin]]\nname = "relay-dump"\npath = "src/dump.rs"\n',
      'tools/src/dump.rs': 'fn main() {\n    println!("dump");\n}\n',
      'tools/src/main.rs': 'fn main() {}\n',
      'py/setup.cfg':
        '[metadata]\nname = relay-py\n\n[options.entry_points]\nconsole_scripts =\n    relay-py = relay_py.cli:run\n',
      'py/relay_py/__init__.py': '',
      'py/relay_py/cli.py': 'def run():\n    return 0\n',
    });
    expect(
      facts.entry_points.map((e) => [e.kind, e.name, e.file_path, e.object?.name ?? null]),
    ).toEqual([
      ['command', 'relay-dump', 'tools/src/dump.rs', 'main'],
      ['command', 'relay-py', 'py/relay_py/cli.py', 'run'],
      ['command', 'relay-tools', 'tools/src/main.rs', 'main'],
      ['command', 'relayd', 'cmd/relayd/main.go', 'main'],
    ]);
    // Go exports by capital letter
    const api = facts.public_api.flatMap((g) => g.objects.map((o) => o.qualified_name));
    expect(api).toContain('Push');
    expect(api).not.toContain('serve');
  });

  it('keeps a declared target that is not in the repository, saying so', async () => {
    const facts = await overviewOf({
      'package.json': JSON.stringify({ name: 'thin', bin: 'bin/run.js' }),
      'lib/a.js': 'export function a() {}\n',
    });
    expect(facts.entry_points).toEqual([
      {
        kind: 'command',
        name: 'thin',
        target: 'bin/run.js',
        declared_in: 'package.json',
        file_path: null,
        object: null,
      },
    ]);
    expect(overviewSections(facts).entry_points).toBe(
      '- `thin`: command declared in `package.json` (`bin/run.js`, not a file of the repository).',
    );
  });
});
