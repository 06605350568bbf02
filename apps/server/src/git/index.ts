/**
 * The safe git layer (DESIGN.md section 8) for the repository jobs: validate a URL first
 * (`validateRepoUrl`, a 400 naming the rule), then clone/fetch with limits, then read files from
 * the bare repository without ever checking anything out.
 */
export { nonPublicReason, parseLooseIpv4 } from './address-policy';
export { gitLimits, repoUrlPolicy } from './config-policy';
export { gitChildren, processStartTime, reapStaleGitChildren } from './git-children';
export type { GitChildRecord } from './git-children';
export { GitError, isGitError } from './git-error';
export type { GitFailure } from './git-error';
export { parseRepoUrl, validateRepoUrl } from './repo-url';
export type { RepoProtocol, RepoUrl, RepoUrlPolicy } from './repo-url';
export {
  changedPaths,
  cloneRepository,
  defaultBranch,
  fetchRepository,
  isSafeBranchName,
  listBranches,
  listTree,
  readBlob,
  readBlobs,
  resolveHead,
} from './repository';
export type {
  Branch,
  CloneOptions,
  FetchOptions,
  FetchResult,
  GitTransferOptions,
  LocalGitOptions,
  TransferResult,
  TreeEntry,
} from './repository';
export { runGit } from './run-git';
export type { GitResult, RunGitOptions } from './run-git';
export { sanitizeGitOutput } from './sanitize';
export { knownHostsPath, recordedHostKeys } from './ssh-transport';
export type { SshKeyMaterial } from './ssh-transport';
