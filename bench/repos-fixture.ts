// The repository `npm run bench:repos` and `npm run bench:api` connect: 100,000 small files in nested
// folders, made with `git fast-import` in seconds and cached under node_modules/.cache so reruns skip it.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bump when the generator changes: the cache is keyed by it. */
export const FIXTURE_VERSION = 'repos-v1';

/**
 * Which of the generated code files declare a function: every one (`bench:repos`, about 80,000
 * objects), or one in `objectsEvery` (`bench:api`: one in eight, about 22,000 objects, as DESIGN.md
 * section 9 seeds the API budget; a Python file is a module object even when it declares nothing);
 * the others hold a comment only. Paths are the same in both.
 */
export interface FixtureVariant {
  version: string;
  objectsEvery: number;
}

export const REPOS_FIXTURE: FixtureVariant = { version: FIXTURE_VERSION, objectsEvery: 1 };
export const API_FIXTURE: FixtureVariant = { version: 'api-v2', objectsEvery: 8 };
/** Files in the first commit (and still in the second, which only edits some). */
export const FIXTURE_FILE_COUNT = 100_000;
/** Files the second commit changes (the sync measurement). */
export const FIXTURE_CHANGED_FILES = 10;
const MAX_DEPTH = 6;
const DIR_COUNT = 6_000;

/** A generated repository: the cached bare repository, `main` at `first`, `next` one commit on. */
export interface BenchFixture {
  /** Bare repository in the cache; `main` is `first`, `refs/bench/next` is `second`. */
  cachePath: string;
  first: string;
  second: string;
  /** Milliseconds spent generating, or null when the cache answered. */
  generatedMs: number | null;
}

/** Git without user or system configuration (as the test fixtures run it), in `cwd`. */
export function benchGit(cwd: string, args: string[], input?: string): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args],
    {
      cwd,
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: cwd,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
      },
    },
  );
}

/** mulberry32: the same "random" tree on every machine, so every run measures the same repo. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Folder and file name parts. */
const WORDS = `
api auth billing cache client common components config core db events handlers helpers hooks
i18n internal io jobs lib metrics middleware models net parser plugins queue render routes
search server services storage store types ui utils views workers admin account session
payment invoice report export import upload stream
`
  .trim()
  .split(/\s+/);
const TOP_LEVEL = ['packages', 'services', 'apps', 'libs', 'docs', 'scripts', 'tools', 'examples'];

/** Extension → relative weight; '' is a file without extension (Makefile, LICENSE). */
const EXTENSIONS: [string, number][] = [
  ['ts', 28],
  ['js', 14],
  ['py', 12],
  ['go', 10],
  ['md', 8],
  ['json', 8],
  ['tsx', 6],
  ['css', 3],
  ['yml', 3],
  ['rs', 3],
  ['java', 2],
  ['c', 1],
  ['h', 1],
  ['', 1],
];
const EXTENSION_TOTAL = EXTENSIONS.reduce((sum, [, weight]) => sum + weight, 0);

/** Extensions whose files `content` fills with a declaration. */
const CODE = new Set(['ts', 'tsx', 'js', 'py', 'go', 'rs', 'java', 'c', 'h']);

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickExtension(random: () => number): string {
  let roll = random() * EXTENSION_TOTAL;
  for (const [extension, weight] of EXTENSIONS) {
    roll -= weight;
    if (roll < 0) return extension;
  }
  return 'ts';
}

/** A few lines in the file's language; `n` keeps every blob distinct. */
function content(extension: string, n: number, variant: FixtureVariant): string {
  const name = `item${n}`;
  if (n % variant.objectsEvery !== 0 && CODE.has(extension))
    return `${extension === 'py' ? '#' : '//'} ${name}: nothing declared here\n`;
  switch (extension) {
    case 'ts':
    case 'tsx':
      return `/** Returns ${name}. */\nexport function ${name}(value: number): number {\n  return value + ${n};\n}\n`;
    case 'js':
      return `// ${name}\nexport function ${name}(value) {\n  return value * ${n};\n}\n`;
    case 'py':
      return `def ${name}(value):\n    """Return ${name}."""\n    return value + ${n}\n`;
    case 'go':
      return `package bench\n\n// Item${n} returns ${n}.\nfunc Item${n}() int {\n\treturn ${n}\n}\n`;
    case 'rs':
      return `/// Returns ${n}.\npub fn ${name}() -> u32 {\n    ${n}\n}\n`;
    case 'java':
      return `public class Item${n} {\n  public int value() {\n    return ${n};\n  }\n}\n`;
    case 'c':
    case 'h':
      return `/* ${name} */\nint ${name}(void) { return ${n}; }\n`;
    case 'md':
      return `# ${name}\n\nNotes about item ${n}.\n`;
    case 'json':
      return `{\n  "name": "${name}",\n  "value": ${n}\n}\n`;
    case 'css':
      return `.${name} {\n  margin: ${n % 17}px;\n}\n`;
    case 'yml':
      return `name: ${name}\nvalue: ${n}\n`;
    default:
      return `${name}\n`;
  }
}

/** Folder paths (no leading slash), nested up to MAX_DEPTH levels below the root. */
function makeFolders(random: () => number): string[] {
  const folders: { path: string; depth: number; children: Set<string> }[] = TOP_LEVEL.map(
    (name) => ({ path: name, depth: 1, children: new Set<string>() }),
  );
  while (folders.length < DIR_COUNT) {
    const parent = pick(random, folders);
    if (parent.depth >= MAX_DEPTH) continue;
    let name = pick(random, WORDS);
    if (random() < 0.3) name = `${name}-${pick(random, WORDS)}`;
    if (parent.children.has(name)) name = `${name}${parent.children.size}`;
    parent.children.add(name);
    folders.push({ path: `${parent.path}/${name}`, depth: parent.depth + 1, children: new Set() });
  }
  return folders.map((folder) => folder.path);
}

/** Every file path of the first commit, in generation order (unique). */
function makePaths(random: () => number): string[] {
  const folders = makeFolders(random);
  const seen = new Set<string>();
  const paths: string[] = [];
  for (let n = 0; paths.length < FIXTURE_FILE_COUNT; n++) {
    const extension = pickExtension(random);
    const folder = random() < 0.002 ? '' : `${pick(random, folders)}/`;
    const stem =
      extension === ''
        ? pick(random, ['Makefile', 'LICENSE', 'Dockerfile', 'CODEOWNERS'])
        : random() < 0.5
          ? pick(random, WORDS)
          : `${pick(random, WORDS)}-${pick(random, WORDS)}`;
    let path = `${folder}${stem}${extension ? `.${extension}` : ''}`;
    if (seen.has(path)) path = `${folder}${stem}-${n}${extension ? `.${extension}` : ''}`;
    if (seen.has(path)) continue;
    seen.add(path);
    paths.push(path);
  }
  return paths;
}

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
}

/** The fast-import stream: commit 1 on `main` with every file, commit 2 editing a few. */
function importStream(paths: string[], variant: FixtureVariant): string {
  const parts: string[] = [];
  const who = 'Bench <bench@example.com>';
  const commit = (ref: string, mark: number, time: number, message: string, from?: number) => {
    parts.push(
      `commit ${ref}\nmark :${mark}\nauthor ${who} ${time} +0000\ncommitter ${who} ${time} +0000\n`,
    );
    parts.push(`data ${Buffer.byteLength(message)}\n${message}\n`);
    if (from) parts.push(`from :${from}\n`);
  };
  const file = (path: string, text: string) => {
    parts.push(`M 100644 inline ${path}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
  };
  commit('refs/heads/main', 1, 1_700_000_000, `${FIXTURE_FILE_COUNT} files`);
  paths.forEach((path, n) => file(path, content(extensionOf(path), n, variant)));
  commit('refs/bench/next', 2, 1_700_000_600, `Change ${FIXTURE_CHANGED_FILES} files`, 1);
  const step = Math.floor(paths.length / FIXTURE_CHANGED_FILES);
  for (let k = 0; k < FIXTURE_CHANGED_FILES; k++) {
    const n = k * step;
    const path = paths[n]!;
    file(
      path,
      `${content(extensionOf(path), n, variant)}\n${extensionOf(path) === 'py' ? '#' : '//'} changed\n`,
    );
  }
  parts.push('done\n');
  return parts.join('');
}

function moveInto(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/**
 * The benchmark repository, from the cache when it holds this variant's version, else generated in
 * a temporary folder and moved there (meta.json is written last, so a half-made cache is redone).
 */
export function benchFixture(root: string, variant = REPOS_FIXTURE): BenchFixture {
  const cacheDir = join(root, 'node_modules', '.cache', 'codedocs-bench', variant.version);
  const cachePath = join(cacheDir, 'repo.git');
  const metaPath = join(cacheDir, 'meta.json');
  if (existsSync(metaPath) && existsSync(cachePath)) {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { first: string; second: string };
    return { cachePath, first: meta.first, second: meta.second, generatedMs: null };
  }
  const started = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'bench-repos-fixture-'));
  try {
    const bare = join(work, 'repo.git');
    mkdirSync(bare);
    benchGit(bare, ['init', '-q', '--bare', '-b', 'main']);
    const stream = importStream(makePaths(seededRandom(20_261_122)), variant);
    const imported = spawnSync('git', ['fast-import', '--quiet', '--done'], {
      cwd: bare,
      input: stream,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: work,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
      },
    });
    if (imported.status !== 0) throw new Error(`git fast-import failed: ${imported.stderr}`);
    benchGit(bare, ['repack', '-a', '-d', '-q']);
    const first = benchGit(bare, ['rev-parse', 'refs/heads/main']).trim();
    const second = benchGit(bare, ['rev-parse', 'refs/bench/next']).trim();
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    moveInto(bare, cachePath);
    writeFileSync(metaPath, JSON.stringify({ first, second }));
    return { cachePath, first, second, generatedMs: performance.now() - started };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
