import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from './config';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const packageJson = (path: string) =>
  JSON.parse(read(path)) as { scripts: Record<string, string>; engines?: { node: string } };

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(): { op: string; args: string; stage: string }[] {
  const out: { op: string; args: string; stage: string }[] = [];
  let stage = '';
  const joined = read('Dockerfile')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  for (const line of joined.split('\n')) {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, op = '', args = ''] = match;
    if (op === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '';
    out.push({ op, args: args.trim(), stage });
  }
  return out;
}

/** The path a `node …` command runs, after its flags. */
const scriptOf = (command: string[]) => command.filter((part) => !part.startsWith('-'))[1];

interface ComposeService {
  build?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { disable?: boolean; test?: string[] };
}

/** `${NAME:-default}` → default (what compose does with NAME unset). */
const withDefaults = (value: string) =>
  value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1').replace(/\$\{[A-Z_]+\}/g, '');

/**
 * Issue 23: the image and compose files cannot be built here (no Docker engine on CI), so what
 * can be checked without building them is: every path the Dockerfile copies exists or is a build
 * output, the commands are the ones package.json starts, and compose's services, environment
 * and volumes are what the server reads.
 */
describe('Dockerfile', () => {
  const steps = instructions();

  it('copies only paths that exist in the repository or that the build stage makes', () => {
    const buildOutputs = ['node_modules', 'apps/server/dist', 'apps/web/dist'];
    const copies = steps.filter((step) => step.op === 'COPY');
    expect(copies.length).toBeGreaterThan(5);
    for (const { args } of copies) {
      const parts = args.split(/\s+/).filter((part) => !part.startsWith('--'));
      const sources = parts.slice(0, -1);
      for (const source of sources) {
        if (args.includes('--from=build')) {
          const path = source.replace(/^\/app\//, '');
          expect(
            existsSync(join(root, path)) || buildOutputs.includes(path),
            `COPY --from=build ${source}`,
          ).toBe(true);
        } else {
          expect(existsSync(join(root, source)), `COPY ${source}`).toBe(true);
        }
      }
    }
    // the outputs named above are what the builds write
    expect(read('apps/server/build.mjs')).toMatch(/outdir: 'dist'/);
    expect(read('apps/server/build.mjs')).toMatch(/server: 'src\/server\.ts'/);
    expect(read('apps/server/build.mjs')).toMatch(/worker: 'src\/worker\.ts'/);
    expect(read('apps/web/vite.config.ts')).toMatch(/outDir: 'dist'/);
  });

  it('installs every workspace manifest before npm ci, and keeps production dependencies only', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const copied = steps.filter((s) => s.op === 'COPY' && s.stage === 'build').map((s) => s.args);
    for (const workspace of workspaces) {
      expect(copied, workspace).toContain(`${workspace}/package.json ${workspace}/`);
    }
    const runs = steps.filter((s) => s.op === 'RUN' && s.stage === 'build').map((s) => s.args);
    expect(runs.some((run) => run.includes('npm ci'))).toBe(true);
    expect(runs.some((run) => /npm run build && npm prune --omit=dev/.test(run))).toBe(true);
  });

  it('runs the built server as a non-root user with git, ssh, /data and a health check', () => {
    const runtime = steps.filter((s) => s.stage === 'runtime');
    const text = runtime.map((s) => `${s.op} ${s.args}`).join('\n');
    expect(text).toMatch(/apt-get install -y --no-install-recommends git openssh-client/);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(text).toMatch(/DATA_DIR=\/data/);
    expect(text).toMatch(/HOST=0\.0\.0\.0/);
    expect(text).toMatch(/^HEALTHCHECK .*\/api\/health/m);
    // the start command is the one `npm start` runs
    const cmd = JSON.parse(runtime.find((s) => s.op === 'CMD')!.args) as string[];
    expect(scriptOf(cmd)).toBe('apps/server/dist/server.js');
    expect(packageJson('apps/server/package.json').scripts.start).toBe('node dist/server.js');
    expect(read('scripts/start.mjs')).toContain("'apps/server/dist/server.js'");
  });

  it('uses a Node.js version the CI tests and package.json accepts', () => {
    const image = /ARG NODE_IMAGE=node:(\d+)-bookworm-slim/.exec(read('Dockerfile'))?.[1];
    expect(image).toBeDefined();
    expect(read('scripts/node-matrix.mjs')).toMatch(new RegExp(`'[^']*\\b${image}\\b[^']*'`));
    expect(packageJson('package.json').engines?.node).toMatch(new RegExp(`\\^${image}\\.`));
  });

  it('leaves dependencies and local data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', '.env']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const { app, worker, db } = compose.services as Record<string, ComposeService>;

  it('runs the app, a worker and PostgreSQL, sharing /data and the database', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'worker']);
    expect(db!.image).toMatch(/^\$\{POSTGRES_IMAGE:-postgres:\d+/);
    expect(db!.volumes).toEqual(['pgdata:/var/lib/postgresql/data']);
    expect(app!.build).toBe('.');
    expect(app!.ports).toEqual(['${CODEDOCS_PORT:-3000}:3000']);
    expect(app!.depends_on?.db?.condition).toBe('service_healthy');
    expect(worker!.depends_on?.app?.condition).toBe('service_healthy');
    expect(worker!.image).toBe(app!.image);
    for (const service of [app!, worker!]) {
      expect(service.volumes).toEqual(['data:/data']);
      expect(service.environment?.DATA_DIR).toBe('/data');
      expect(withDefaults(service.environment!.DATABASE_URL!)).toBe(
        'postgres://codedocs:codedocs@db:5432/codedocs',
      );
    }
    expect(Object.keys(compose.volumes).sort()).toEqual(['data', 'pgdata']);
    // the API leaves jobs to the worker, which runs the worker entry `npm run worker` builds
    expect(app!.environment?.JOB_WORKERS).toBe('0');
    expect(scriptOf(worker!.command!)).toBe('apps/server/dist/worker.js');
    expect(packageJson('apps/server/package.json').scripts['start:worker']).toBe(
      'node dist/worker.js',
    );
    expect(worker!.healthcheck?.disable).toBe(true);
  });

  it('sets only variables the server reads, to values its configuration accepts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codedocs-compose-'));
    try {
      for (const [name, service] of [
        ['app', app!],
        ['worker', worker!],
      ] as const) {
        const environment = Object.fromEntries(
          Object.entries(service.environment!).map(([key, value]) => [key, withDefaults(value)]),
        );
        for (const key of Object.keys(environment)) {
          expect(CONFIG_VARIABLES, `${name}: ${key}`).toContain(key);
        }
        const config = loadConfig({ ...environment, DATA_DIR: dataDir });
        expect(config.databaseUrl).toBe('postgres://codedocs:codedocs@db:5432/codedocs');
        expect(config.billing).toBe('off');
      }
      expect(withDefaults(app!.environment!.HOST!)).toBe('0.0.0.0');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('docs/OPERATIONS.md', () => {
  it('describes every variable the server reads', () => {
    const guide = read('docs/OPERATIONS.md');
    for (const name of CONFIG_VARIABLES) expect(guide, name).toContain(`\`${name}\``);
  });
});
