import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'vitest';
import { indexRepository } from '../../src/index-repository.ts';
import { CallTally, type JudgedCall } from './calls.ts';
import { accuracySample } from './sample.ts';

// Call edges judged by jedi (Debian's python3-jedi, which .ci/run installs): for every call the
// engine resolves to an object of the repository, jedi's goto (following imports) must land in
// that object. The corpus is a few packages and modules of the judging interpreter's own
// standard library, indexed together as one repository rooted at the standard library, so
// `from email import utils` and `from .x import f` resolve inside it.
const judge = join(import.meta.dirname, '../ground-truth/python_calls.py');
/**
 * Packages (relative and absolute imports across their files) and modules (classes calling
 * through `self` and `cls`), about 900 calls jedi is asked about (`ENGINE_PYTHON_CALLS_MODULES=email,http` picks others).
 */
const MODULES = process.env.ENGINE_PYTHON_CALLS_MODULES?.split(',') ?? [
  'json',
  'tomllib',
  'importlib/metadata',
  'argparse.py',
  'configparser.py',
  'dataclasses.py',
  'difflib.py',
];

/** Modules `npm test` judges, spread over the list (ACCURACY_WHOLE=1: all of them). */
const SAMPLE = 4;

/** The first interpreter that can import jedi: Debian's (where python3-jedi installs), then PATH's. */
function interpreter(): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3']) {
    try {
      execFileSync(python, ['-c', 'import jedi'], { stdio: 'ignore' });
      return python;
    } catch {
      // try the next one
    }
  }
  if (process.env.CI)
    throw new Error('Python calls: jedi is missing; .ci/run installs python3-jedi');
  console.warn('Python call edges skipped: no python3 here can import jedi (python3-jedi)');
  return undefined;
}

function pythonFiles(root: string, entry: string): string[] {
  const path = join(root, entry);
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return [];
  if (!st.isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) =>
      name === '__pycache__' || name === 'test' || name === 'tests'
        ? []
        : name.endsWith('.py') || statSync(join(path, name)).isDirectory()
          ? pythonFiles(path, name)
          : [],
    );
}

const python = interpreter();

test.skipIf(!python)('python: resolved call edges agree with jedi', async () => {
  const root = execFileSync(python!, [
    '-c',
    'import sysconfig; print(sysconfig.get_paths()["stdlib"])',
  ])
    .toString()
    .trim();
  if (!existsSync(join(root, 'os.py'))) throw new Error(`no standard library at ${root}`);
  const modules = accuracySample('Python call edges', MODULES, SAMPLE);
  const paths = modules.flatMap((m) => pythonFiles(root, m));
  const judged = execFileSync(python!, [judge, root], {
    input: paths.join('\n'),
    maxBuffer: 1 << 30,
  })
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { path: string; calls: Omit<JudgedCall, 'file'>[] });
  const calls = judged.flatMap((file) =>
    file.calls.map((call) => ({
      ...call,
      file: relative(root, file.path),
      decls: call.decls.map((d) => ({ ...d, file: relative(root, d.file) })),
    })),
  );
  const index = await indexRepository(
    paths.map((p) => ({ path: relative(root, p), content: readFileSync(p) })),
  );
  // decorators sit above a definition's name
  new CallTally(index, calls, { declares: 3 }).report(
    `Python call edges vs jedi (${root}: ${modules.join(', ')}; ${paths.length} files, ${calls.length} calls)`,
  );
});
