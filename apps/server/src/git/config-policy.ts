import type { Config } from '../config';
import type { RepoUrlPolicy } from './repo-url';

/** The URL rules the configuration asks for (ALLOW_LOCAL_REPOS, ALLOW_PRIVATE_NETWORK). */
export function repoUrlPolicy(config: Config): RepoUrlPolicy {
  return { allowLocal: config.allowLocalRepos, allowPrivateNetwork: config.allowPrivateNetwork };
}

/** The limits every clone and fetch runs with (GIT_TIMEOUT_MS, GIT_MAX_REPO_BYTES). */
export function gitLimits(config: Config): {
  timeoutMs: number;
  maxRepoBytes: number;
  allowFile: boolean;
} {
  return {
    timeoutMs: config.gitTimeoutMs,
    maxRepoBytes: config.gitMaxRepoBytes,
    allowFile: config.allowLocalRepos,
  };
}
