import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { haveToolchain, JudgedTally, runJudge, tallyFiles } from './judged.ts';
import { accuracySample, evenly } from './sample.ts';

// Ground truth: javac's parser (the com.sun.source tree API, through a small Java program run
// by the source launcher) over the JDK's own sources (Debian's openjdk-*-source: lib/src.zip).
const judge = join(import.meta.dirname, '../ground-truth/JavaDefs.java');
/** The corpus: this many files spread over the JDK; `npm test` judges a sample of them. */
const FILES = 800;
const SAMPLE = 200;

/** The src.zip of the JDK that `java` runs, if its sources are installed. */
function sourceZip(): string | undefined {
  // the launcher prints its settings on stderr
  const settings = spawnSync('java', ['-XshowSettings:properties', '-version']).stderr?.toString();
  const home = settings && /java\.home = (.*)/.exec(settings)?.[1]?.trim();
  const zip = home && join(home, 'lib/src.zip');
  return zip && existsSync(zip) ? zip : undefined;
}

const available = haveToolchain('Java', 'javac', ['-version']);
const zip = available ? sourceZip() : undefined;
if (available && !zip) {
  if (process.env.CI)
    throw new Error('Java: the JDK has no lib/src.zip; .ci/run installs openjdk-17-source');
  console.warn('Java ground truth skipped: the JDK has no lib/src.zip (openjdk-*-source)');
}
const dir = mkdtempSync(join(tmpdir(), 'engine-java-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.skipIf(!zip)('java: definitions, doc comments and parameters match javac', async () => {
  const all = execFileSync('java', [judge, 'list', zip!]).toString().trim().split('\n');
  const entries = accuracySample('Java definitions', evenly(all, FILES), SAMPLE);
  const truth = runJudge('java', [judge, 'judge', zip!, dir], entries);
  // JDK 17's javac predates Java 23's `///` Markdown doc comments, which the engine reads: the
  // few JDK files written that way count as doc misses here
  const tally = new JudgedTally();
  await tallyFiles(truth, tally);
  tally.report(`Java accuracy vs javac (${zip}, ${entries.length} of ${all.length} files)`);
});
