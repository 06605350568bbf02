import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { indexRepository } from '../src/index-repository.ts';
import type { RepositoryIndex } from '../src/model.ts';

/** Root of the fixture tree: test/fixtures/<lang>/<case>/ with input files and expected.json. */
export const FIXTURES = join(import.meta.dirname, 'fixtures');

/** Every fixture case directory, sorted (language/case). */
export function fixtureCases(): string[] {
  const out: string[] = [];
  for (const lang of readdirSync(FIXTURES).sort()) {
    const dir = join(FIXTURES, lang);
    for (const name of readdirSync(dir).sort()) {
      if (statSync(join(dir, name)).isDirectory()) {
        out.push(`${lang}/${name}`);
      }
    }
  }
  return out;
}

/**
 * What a fixture's expected.json holds: the case's input files indexed as a small repository,
 * trimmed to what a reviewer reads (no hashes of whole files).
 */
export async function renderFixture(caseName: string): Promise<unknown> {
  const dir = join(FIXTURES, caseName);
  // cases may hold folders (a Python src/ layout): paths are relative to the case
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f !== 'expected.json' && statSync(join(dir, f)).isFile())
    .sort()
    // `input.ts.txt` is indexed as `input.ts`: the suffix keeps Prettier and ESLint off inputs
    // whose bytes (syntax errors, CRLF, BOM) are the point of the case
    .map((f) => ({ path: f.replace(/\.txt$/, ''), content: readFileSync(join(dir, f)) }));
  const index: RepositoryIndex = await indexRepository(files, { repository: 'fixtures' });
  return {
    files: index.files.map((f) => ({
      path: f.path,
      language: f.language,
      status: f.status,
      diagnostics: f.diagnostics,
      objects: f.objects,
      imports: f.imports,
    })),
    references: index.references,
  };
}
