/**
 * The sentence a task shows when git's fsck refused what a remote sent. Git prints
 * `error: object <sha>: <msgId>: <detail>` and then only `fatal: fsck error in packed object` /
 * `fetch-pack: invalid index-pack output`, which tells a person nothing; the message id does.
 */

/** What each fsck message id means, as the end of "The repository's history could not be read: …". */
const REASONS: Record<string, string> = {
  hasDotgit: 'a tree contains a path named .git',
  hasDotdot: 'a tree contains a path named ..',
  hasDot: 'a tree contains a path named .',
  fullPathname: 'a tree contains an absolute path',
  emptyName: 'a tree contains an empty file name',
  duplicateEntries: 'a tree lists the same name twice',
  treeNotSorted: 'a tree is not sorted the way git writes trees',
  nullSha1: 'a tree points at the null object id',
  badTree: 'a tree cannot be parsed',
  badTreeSha1: 'a tree has an invalid object id',
  gitmodulesSymlink: '.gitmodules is a symbolic link',
  gitmodulesUrl: 'a submodule URL in .gitmodules is unsafe',
  gitmodulesPath: 'a submodule path in .gitmodules is unsafe',
  gitmodulesName: 'a submodule name in .gitmodules is unsafe',
  gitmodulesUpdate: 'a submodule update command in .gitmodules is unsafe',
  gitmodulesBlob: '.gitmodules is not a file',
  gitmodulesLarge: '.gitmodules is too large to check',
  gitmodulesMissing: '.gitmodules could not be read',
  gitattributesBlob: '.gitattributes is not a file',
  gitattributesLarge: '.gitattributes is too large to check',
  gitattributesLineLength: '.gitattributes has a line that is too long',
  gitattributesMissing: '.gitattributes could not be read',
  nulInHeader: 'an object header contains a NUL byte',
  unterminatedHeader: 'an object header is not terminated',
  badObjectSha1: 'an object has an invalid object id',
  badParentSha1: 'a commit names an invalid parent',
  missingTree: 'a commit names no tree',
  missingAuthor: 'a commit has no author',
  missingCommitter: 'a commit has no committer',
  multipleAuthors: 'a commit has more than one author',
  badName: 'a commit has an empty author or committer name',
  badType: 'an object has an invalid type',
  unknownType: 'an object has an unknown type',
  // Downgraded to ignore for transfers (IGNORED_FSCK_MESSAGES); named in case a git raises them.
  zeroPaddedFilemode: 'a tree has zero-padded file modes',
  badTimezone: 'a commit has a malformed time zone',
  badDate: 'a commit has a malformed date',
  missingEmail: 'a commit has an author without an e-mail address',
};

const FSCK_LINE = /^error: object [0-9a-f]{40,64}: ([A-Za-z]+): /m;

/** The fsck message id of the first object git refused, or null when stderr names none. */
export function fsckMessageId(stderr: string): string | null {
  return FSCK_LINE.exec(stderr)?.[1] ?? null;
}

/** "The repository's history could not be read: a tree contains a path named .git (hasDotgit)". */
export function fsckRefusalMessage(messageId: string): string {
  const reason = REASONS[messageId] ?? 'an object failed the integrity check';
  return `The repository's history could not be read: ${reason} (${messageId})`;
}
