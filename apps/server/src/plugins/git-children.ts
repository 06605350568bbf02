import { join } from 'node:path';
import fp from 'fastify-plugin';
import { gitChildren, reapStaleGitChildren } from '../git/index';

/** Where running git commands are recorded: `${DATA_DIR}/run`. */
export function gitRunDirectory(dataDir: string): string {
  return join(dataDir, 'run');
}

/**
 * No `git` outlives its server: at start the process groups a dead server process left running
 * are killed (see `reapStaleGitChildren`), from then on every git is recorded while it runs, and
 * when the server closes (after the job workers stopped) whatever git still runs is killed.
 */
export const gitChildrenPlugin = fp(
  async (app) => {
    const runDir = gitRunDirectory(app.config.dataDir);
    const reaped = reapStaleGitChildren(runDir);
    if (reaped.length > 0) app.log.warn({ pgids: reaped }, 'killed git left by a previous server');
    gitChildren.recordIn(runDir);
    app.addHook('onClose', () => {
      const killed = gitChildren.killAll();
      // A closed server's DATA_DIR may go away (tests); a later one in this process records anew.
      if (gitChildren.recordingIn() === runDir) gitChildren.recordIn(null);
      if (killed > 0) app.log.info({ killed }, 'killed running git commands');
    });
  },
  { name: 'git-children' },
);
