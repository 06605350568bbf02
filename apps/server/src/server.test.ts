import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testDialects } from '@codedocs/db/testing';
import type { TestDatabase } from '@codedocs/db/testing';
import { afterEach, describe, expect, it } from 'vitest';

const dialects = await testDialects();
const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs `src/server.ts` under tsx, as `npm run dev` does, with only the given environment. */
function startServer(env: Record<string, string>): {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<Exit>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitForUrl(output: () => string, exited: Promise<Exit>): Promise<string> {
  const deadline = Date.now() + 20_000;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline && !done) {
    const match = /CodeDocs listening on (http:\/\/\S+)/.exec(output());
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${output()}`);
}

describe.each(dialects)('server process on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let running: ChildProcessWithoutNullStreams | undefined;

  afterEach(async () => {
    if (running && running.exitCode === null) running.kill('SIGKILL');
    running = undefined;
    await database?.cleanup();
    database = undefined;
  });

  it('prints its URL, serves requests, and exits 0 on SIGTERM', async () => {
    database = await createTestDatabase(dialect);
    const env: Record<string, string> = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
    };
    if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
    const server = startServer(env);
    running = server.child;

    const url = await waitForUrl(server.output, server.exited);
    // the same address links in mails use without PUBLIC_URL (localhost on this machine)
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { dialect } });

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe('server process with a bad environment', () => {
  it('exits 1 listing the invalid variables', async () => {
    const server = startServer({ PORT: 'abc', LOG_LEVEL: 'loud', DATA_DIR: '/tmp' });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('PORT must be an integer between 0 and 65535 (got "abc")');
    expect(server.output()).toContain('LOG_LEVEL must be one of');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
