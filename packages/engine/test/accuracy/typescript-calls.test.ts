import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { indexRepository } from '../../src/index-repository.ts';
import type { CodeObject, FileIndex } from '../../src/model.ts';
import { resolveFileReferences } from '../../src/resolve/references.ts';
import { scopeOf } from '../../src/resolve/symbols.ts';
import { accuracySample } from './sample.ts';
import { formatScores, ratio, type Score } from './score.ts';

// Call edges judged by the TypeScript compiler's checker: for every call the engine resolves to
// an object of the package, the checker's declaration of the callee must be that object.
const GOAL = 0.99;
const root = join(import.meta.dirname, '../../../../node_modules');
/**
 * Packages shipping their TypeScript sources, with calls across files, classes and `this`
 * (`ENGINE_CALLS_PACKAGES=zod,pino` judges others: zod alone takes a minute).
 */
const PACKAGES = process.env.ENGINE_CALLS_PACKAGES?.split(',') ?? [
  '@reduxjs/toolkit',
  'piscina',
  '@tanstack/query-core',
  'immer',
  'fastify',
  'reselect',
];
/**
 * CommonJS packages (`require`, `module.exports`, prototype methods) whose JavaScript the
 * checker reads as JS (`ENGINE_CALLS_JS_PACKAGES` picks others).
 */
const JS_PACKAGES = process.env.ENGINE_CALLS_JS_PACKAGES?.split(',') ?? [
  'avvio',
  'find-my-way',
  'light-my-request',
  'pino',
];
/** Packages of each list `npm test` judges, spread over it (ACCURACY_WHOLE=1: all of them). */
const SAMPLE = 3;
const JS_SAMPLE = 2;

/** Folders of a package that are not its library: tests, benchmarks, examples, builds. */
const NOT_LIBRARY = new Set([
  'node_modules',
  'test',
  'tests',
  'benchmarks',
  'benchmark',
  'bench',
  'examples',
  'dist',
  'docs',
]);

function sourcesOf(dir: string, js: boolean): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        if (js ? !NOT_LIBRARY.has(name) : name !== 'node_modules') walk(p);
      } else if (
        (js ? /\.[cm]?js$/ : /\.tsx?$/).test(name) &&
        !/\.d\.[mc]?ts$/.test(name) &&
        st.size < 1_000_000
      )
        out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The identifier at a 1-based line and column of a file, if one starts there. */
function identifierAt(file: ts.SourceFile, line: number, column: number): ts.Node | undefined {
  const at = file.getPositionOfLineAndCharacter(line - 1, column - 1);
  let found: ts.Node | undefined;
  const visit = (node: ts.Node) => {
    if (at < node.getFullStart() || at >= node.getEnd() || found) return;
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.getStart(file) === at) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Where the checker says a callee is declared: file and 1-based line of each declaration. */
function declarationsOf(checker: ts.TypeChecker, node: ts.Node): { path: string; line: number }[] {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return (symbol?.declarations ?? []).map((d) => {
    const file = d.getSourceFile();
    const name = (d as ts.NamedDeclaration).name ?? d;
    return {
      path: file.fileName,
      line: file.getLineAndCharacterOfPosition(name.getStart(file)).line + 1,
    };
  });
}

const contains = (o: CodeObject, line: number) =>
  o.range.startLine <= line && line <= o.range.endLine;

/**
 * Judges the calls of these packages' sources (TypeScript, or JavaScript when `js`), prints the
 * figures and asserts the precision goal.
 */
async function judgeCalls(language: string, packages: string[], js: boolean): Promise<void> {
  const precision: Score = { label: 'call edges precision', hits: 0, total: 0 };
  const recall: Score = { label: 'call edges recall', hits: 0, total: 0 };
  const wrong: string[] = [];
  for (const pkg of packages) {
    const dir = join(root, pkg);
    const paths = sourcesOf(dir, js);
    if (!paths.length) continue;
    const program = ts.createProgram(paths, {
      noEmit: true,
      allowJs: js,
      skipLibCheck: true,
      noLib: true,
      types: [],
      target: ts.ScriptTarget.Latest,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
    });
    const checker = program.getTypeChecker();
    const index = await indexRepository(
      paths.map((p) => ({ path: relative(root, p), content: readFileSync(p) })),
    );
    const scope = scopeOf(index.files);
    const objects = new Map<string, { object: CodeObject; file: FileIndex }>();
    for (const file of index.files)
      for (const object of file.objects) objects.set(object.id, { object, file });
    for (const file of index.files) {
      const source = program.getSourceFile(join(root, file.path));
      if (!source) continue;
      const references = resolveFileReferences(file, scope).filter((r) => r.kind === 'call');
      // calls always produce a reference, in site order: pair them up
      const calls = file.sites.filter((s) => s.kind === 'call');
      calls.forEach((site, i) => {
        const ref = references[i];
        if (!ref) return;
        const node = identifierAt(source, site.line, site.column);
        const declared = node ? declarationsOf(checker, node) : [];
        const inRepo = declared.filter((d) => d.path.startsWith(dir));
        const agrees = (id: string | undefined) => {
          const target = id ? objects.get(id) : undefined;
          return (
            target !== undefined &&
            inRepo.some(
              (d) => join(root, target.file.path) === d.path && contains(target.object, d.line),
            )
          );
        };
        if (ref.toId !== undefined) {
          precision.total++;
          if (agrees(ref.toId)) precision.hits++;
          else if (wrong.length < 60)
            wrong.push(
              `${file.path}:${site.line} ${ref.name} → ${objects.get(ref.toId)?.object.qualifiedName} (checker: ${inRepo.map((d) => `${relative(root, d.path)}:${d.line}`).join(', ') || 'none'})`,
            );
        }
        // recall over callees the checker finds among the package's extracted objects
        // (an object declared there: its range starts at most 3 lines above the name, for
        // decorators and modifiers on lines of their own)
        const declaredObject = inRepo.some((d) =>
          index.files.some(
            (f) =>
              join(root, f.path) === d.path &&
              f.objects.some((o) => o.range.startLine <= d.line && d.line <= o.range.startLine + 3),
          ),
        );
        if (declaredObject) {
          recall.total++;
          if (agrees(ref.toId)) recall.hits++;
        }
      });
    }
  }
  console.log(
    formatScores(`${language} call edges vs the checker (${packages.join(', ')})`, [
      precision,
      recall,
    ]),
  );
  if (wrong.length) console.log(wrong.join('\n'));
  expect(ratio(precision), precision.label).toBeGreaterThanOrEqual(GOAL);
}

test('typescript: resolved call edges agree with the TypeScript checker', () =>
  judgeCalls('TypeScript', accuracySample('TypeScript call edges', PACKAGES, SAMPLE), false));

test('javascript: resolved call edges agree with the TypeScript checker', () =>
  judgeCalls('JavaScript', accuracySample('JavaScript call edges', JS_PACKAGES, JS_SAMPLE), true));
