// Child process of plugins/git-children.test.ts: a server (the real app on DATA_DIR) that starts
// a git which hangs on HANGING_GIT_URL, prints `git <pid>`, and waits for its SIGKILL.
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { runGit } from '../git/index';

const app = await buildApp(loadConfig());
await app.ready();
void runGit(['ls-remote', '--', process.env.HANGING_GIT_URL ?? ''], {
  timeoutMs: 10 * 60_000,
  onSpawn: (pid) => console.log(`git ${pid}`),
}).catch(() => undefined);
setInterval(() => undefined, 60_000);
