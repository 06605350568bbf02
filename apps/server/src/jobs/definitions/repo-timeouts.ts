/**
 * One attempt of a repository job may run past the longest GIT_TIMEOUT_MS the configuration
 * accepts (24 h) plus time to list and store: git's own timeout is the limit that normally
 * applies; this one only catches a handler that hangs outside git.
 */
export const REPO_JOB_TIMEOUT_MS = 24 * 60 * 60_000 + 30 * 60_000;
