import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { JudgedTally, tallyFiles, type TruthDef, type TruthFile } from './judged.ts';
import { alwaysWhole } from './sample.ts';

/*
 * Languages no parser on these machines can judge (C#, Rust, Kotlin, Swift): a corpus per language
 * written here in the shapes real projects use (test/hand-reviewed/<language>/), with every
 * definition the language declares in it written down by hand in truth.json — kind and
 * qualified name in the engine's vocabulary, the declaration's first line (attributes and
 * annotations included), the doc comment's text without its markers, the parameter names — and
 * scored as the judged suites are. The figures are printed as a hand-reviewed corpus's, never as
 * a parser's: the truth is only as good as the review.
 */
const root = join(import.meta.dirname, '../hand-reviewed');

/**
 * Below the goal, and why: what the grammar itself cannot read (the engine works from its tree).
 */
const FLOORS: Record<string, { floors: { recall?: number }; why: string }> = {
  kotlin: {
    floors: { recall: 0.97 },
    why: 'tree-sitter-kotlin reads the body of `class C(d: R) : R by d { … }` as a lambda passed to `d`: its plain functions and properties are kept, but a secondary constructor or an `override suspend fun` there is not code a lambda can hold, and is lost (Repository.kt: 2 of 92)',
  },
  scala: {
    floors: { recall: 0.97 },
    why: "tree-sitter-scala (tree-sitter-wasms') cannot read a trait's self-type alias (`trait Encoder[-A] { self =>`) nor an abstract type member (`type Wire`): the member after each is lost (Codec.scala: 3 of 101)",
  },
};

interface HandTruth {
  /** The language's name as printed. */
  name: string;
  /** Each corpus file's definitions, in the order they appear. */
  files: Record<string, TruthDef[]>;
}

for (const language of readdirSync(root).sort()) {
  test(`${language}: definitions, doc comments and parameters match a hand-reviewed corpus`, async () => {
    alwaysWhole(`${language} hand-reviewed`, 'a few files reviewed by hand');
    const dir = join(root, language);
    const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as HandTruth;
    // every file of the corpus is reviewed, and every reviewed file is there
    expect(Object.keys(truth.files).sort()).toEqual(
      readdirSync(dir)
        .filter((name) => name !== 'truth.json')
        .sort(),
    );
    const files: TruthFile[] = Object.entries(truth.files).map(([file, defs]) => ({
      path: join(dir, file),
      ok: true,
      defs,
    }));
    const definitions = files.reduce((n, file) => n + file.defs.length, 0);
    const tally = new JudgedTally();
    await tallyFiles(files, tally);
    const below = FLOORS[language];
    if (below) console.log(`  below the goal: ${below.why}`);
    tally.report(
      `${truth.name} accuracy vs a hand-reviewed corpus, not a parser (${definitions} definitions listed by hand in test/hand-reviewed/${language})`,
      below?.floors,
    );
  });
}
