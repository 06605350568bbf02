/** Why a git command failed, for the jobs to turn into a user-facing message and a retry choice. */
export type GitFailure =
  | 'failed'
  | 'timeout'
  | 'aborted'
  | 'output_too_large'
  | 'repo_too_large'
  | 'host_key_changed'
  | 'host_key_unverified'
  | 'fsck_refused'
  | 'spawn_failed';

/**
 * A failed git command. The message is safe to show and to log: it never holds credentials
 * (stderr passes through `sanitizeGitOutput` first) nor the private key path's contents.
 */
export class GitError extends Error {
  readonly failure: GitFailure;
  /** The process exit code, when it exited by itself. */
  readonly exitCode: number | null;
  /** The last part of stderr, sanitised. */
  readonly stderr: string;

  constructor(
    failure: GitFailure,
    message: string,
    details: { exitCode?: number | null; stderr?: string } = {},
  ) {
    super(message);
    this.name = 'GitError';
    this.failure = failure;
    this.exitCode = details.exitCode ?? null;
    this.stderr = details.stderr ?? '';
  }

  /** Retrying can help after a timeout or a plain failure (network); not after a policy refusal. */
  get retryable(): boolean {
    return this.failure === 'timeout' || this.failure === 'failed';
  }
}

/** True for errors made by this module. */
export function isGitError(error: unknown): error is GitError {
  return error instanceof GitError;
}
