/**
 * The environment and `-c` options every git command runs with (DESIGN.md section 8). The
 * environment is built from nothing, so no GIT_DIR, GIT_SSH, proxy, askpass or trace variable of
 * the server process can leak in, and neither system nor global configuration is read.
 */

export interface GitEnvironmentOptions {
  /** A fresh, empty folder: git and ssh may write there and read nothing. */
  home: string;
  allowFile: boolean;
  /** GIT_SSH_COMMAND; always set so no other ssh configuration is used. */
  sshCommand: string;
}

const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';

/** Protocols git itself may use, including for redirects and submodule URLs. */
export function allowedProtocols(allowFile: boolean): string {
  return allowFile ? 'https:ssh:git:file' : 'https:ssh:git';
}

export function gitEnvironment(options: GitEnvironmentOptions): Record<string, string> {
  return {
    PATH: process.env.PATH || DEFAULT_PATH,
    HOME: options.home,
    XDG_CONFIG_HOME: options.home,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS_REQUIRE: 'never',
    GIT_ALLOW_PROTOCOL: allowedProtocols(options.allowFile),
    GIT_PROTOCOL_FROM_USER: '0',
    GIT_LFS_SKIP_SMUDGE: '1',
    GIT_SSH_COMMAND: options.sshCommand,
    GIT_SSH_VARIANT: 'ssh',
    GIT_NO_REPLACE_OBJECTS: '1',
  };
}

/**
 * fsck message ids that are downgraded to `ignore` for what comes over the wire. They are
 * formatting slips of old tools in commit/tag headers and tree modes, found in well-known
 * histories (flask: zero-padded tree modes; requests: a malformed time zone); none of them changes
 * which path a file has or what a submodule runs, and this server never checks anything out.
 * Everything else stays an error under `transfer.fsckObjects`, in particular `.git`/`..` path
 * components (hasDotgit, hasDotdot, hasDot), .gitmodules as a symlink or with an injectable
 * url/path/name/update (gitmodulesSymlink, gitmodulesUrl, gitmodulesPath, gitmodulesName,
 * gitmodulesUpdate), duplicate or unsorted tree entries and absolute or empty names.
 * `nulInHeader` and `unterminatedHeader` are FATAL in git 2.39: git refuses to demote them
 * ("Cannot demote nulinheader to ignore", and the clone dies), so they are not listed.
 * Only `fetch.fsck.<id>` is set: clone and fetch read it; `receive.fsck.<id>` (pushes) and
 * `fsck.<id>` (`git fsck`) configure commands this server never runs.
 * `gitmodulesParse` and `badFilemode` are INFO (a warning even when strict); listed anyway so a
 * git that raises them still connects.
 */
export const IGNORED_FSCK_MESSAGES = [
  'zeroPaddedFilemode',
  'badFilemode',
  'badTimezone',
  'badDate',
  'badDateOverflow',
  'zeroPaddedDate',
  'missingSpaceBeforeDate',
  'missingEmail',
  'badEmail',
  'missingNameBeforeEmail',
  'missingSpaceBeforeEmail',
  'nulInCommit',
  'badTagName',
  'missingTaggerEntry',
  'gitmodulesParse',
] as const;

/** `-c name=value` pairs placed before the subcommand. */
export function gitConfigArgs(allowFile: boolean): string[] {
  const settings: [string, string][] = [
    ['core.hooksPath', '/dev/null'],
    ['core.symlinks', 'false'],
    ['core.fsmonitor', 'false'],
    ['core.askPass', '/bin/false'],
    ['core.protectNTFS', 'true'],
    ['core.protectHFS', 'true'],
    ['submodule.recurse', 'false'],
    ['fetch.recurseSubmodules', 'false'],
    ['protocol.allow', 'never'],
    ['protocol.https.allow', 'always'],
    ['protocol.ssh.allow', 'always'],
    ['protocol.git.allow', 'always'],
    ['protocol.file.allow', allowFile ? 'always' : 'never'],
    ['protocol.ext.allow', 'never'],
    ['transfer.fsckObjects', 'true'],
    ...IGNORED_FSCK_MESSAGES.map((id): [string, string] => [`fetch.fsck.${id}`, 'ignore']),
    ['credential.helper', ''],
    // A redirect could send git to an address the URL check never saw.
    ['http.followRedirects', 'false'],
    ['filter.lfs.smudge', ''],
    ['filter.lfs.process', ''],
    ['filter.lfs.required', 'false'],
  ];
  return settings.flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}
