import type { Config } from '../../config';
import { isAppError } from '../../errors/index';
import {
  gitLimits,
  isGitError,
  knownHostsPath,
  repoUrlPolicy,
  sanitizeGitOutput,
  validateRepoUrl,
} from '../../git/index';
import type { GitTransferOptions, LocalGitOptions, RepoUrl } from '../../git/index';
import { PermanentJobError } from '../../jobs/job-definition';
import type { Db } from '../../repositories/db';
import { unsealSshKey } from '../ssh-key-service';

/** What a repository job needs to reach the remote: where, how, and as whom. */
export interface RemoteAccess {
  url: string;
  method: string;
  /** For `ssh`: the key to use; null picks the user's newest. */
  sshKeyName: string | null;
}

/** Stderr of a refused login, a missing repository or an unknown host: retrying cannot help. */
const PERMANENT_GIT_OUTPUT =
  /Permission denied|Authentication failed|could not read Username|terminal prompts disabled|Repository not found|not found|does not appear to be a git repository|access denied|could not resolve host|Invalid branch name/i;

/**
 * A failure as the task shows it: one sanitised line. Refusals (URL rules, credentials, host key,
 * size limit, missing repository) become PermanentJobError so the queue does not retry them.
 */
export function toJobFailure(error: unknown): Error {
  if (error instanceof PermanentJobError) return error;
  if (isAppError(error)) return new PermanentJobError(oneLine(error.message));
  if (isGitError(error)) {
    const message = oneLine(sanitizeGitOutput(error.message));
    if (!error.retryable || PERMANENT_GIT_OUTPUT.test(`${error.message}\n${error.stderr}`)) {
      return new PermanentJobError(message);
    }
    return new Error(message);
  }
  return error instanceof Error ? error : new Error('The repository task failed');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Local reads of a bare repository (branches, trees, blobs) under the git timeout. */
export function localGit(config: Config, signal?: AbortSignal): LocalGitOptions {
  return { timeoutMs: config.gitTimeoutMs, ...(signal && { signal }) };
}

/**
 * The options of a clone or fetch: the URL checked again against every rule (addresses can
 * change between connect and sync), the limits, and for ssh the key and the user's known_hosts.
 */
export async function transferOptions(
  deps: { db: Db; config: Config },
  userId: string,
  access: RemoteAccess,
  signal: AbortSignal,
): Promise<GitTransferOptions & { repoUrl: RepoUrl; sshKeyName: string | null }> {
  let url: RepoUrl;
  try {
    url = await validateRepoUrl(access.url, repoUrlPolicy(deps.config));
  } catch (error) {
    throw toJobFailure(error);
  }
  const base = { ...gitLimits(deps.config), url, signal, repoUrl: url, sshKeyName: null };
  if (url.protocol !== 'ssh') return base;
  let key;
  try {
    key = await unsealSshKey(deps, userId, access.sshKeyName);
  } catch (error) {
    if (isAppError(error)) {
      throw new PermanentJobError(
        access.sshKeyName === null
          ? 'You have no SSH key; generate one and add it to the git host'
          : `The SSH key ${access.sshKeyName} no longer exists`,
      );
    }
    throw error;
  }
  return {
    ...base,
    sshKeyName: key.name,
    sshKey: { privateKey: key.privateKey },
    knownHostsFile: knownHostsPath(deps.config.dataDir, userId),
  };
}
