// `npm run dev`: the API under tsx watch on PORT (default 3000) and the Vite dev server with hot
// reload, which proxies /api to the API. Stops both when either exits or on Ctrl+C.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root } from './workspace.mjs';

await ensureDependencies();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn(npm, ['run', 'dev', '-w', '@codedocs/server'], {
    cwd: root,
    stdio: 'inherit',
    // The same ./data as `npm start`, although the server workspace runs in apps/server.
    env: { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? join(root, 'data') },
  }),
  spawn(npm, ['run', 'dev', '-w', '@codedocs/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];
const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
