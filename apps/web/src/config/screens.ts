/**
 * Title and purpose of each screen. Purposes follow DESIGN.md section 5 (route → area); a
 * screen whose feature has not arrived yet shows its purpose as a placeholder.
 */
export interface ScreenInfo {
  /** Used in the page heading, the navigation and `document.title`. */
  title: string;
  /** `data-testid` of the screen's root element. */
  testId: string;
  /** One or two sentences on what the screen does. */
  description: string;
}

const screen = (testId: string, title: string, description: string): ScreenInfo => ({
  testId: `screen-${testId}`,
  title,
  description,
});

export const SCREENS = {
  redirect: screen('redirect', 'CodeDocs', 'Opening your workspace…'),
  invite: screen(
    'invite',
    'Folder invitation',
    'Someone shared a private documentation folder with you. Open it to add it to the folders shared with you.',
  ),
  notFound: screen('not-found', 'Page not found', 'There is no page at this address.'),
  dashboard: screen(
    'dashboard',
    'Dashboard',
    'An overview of your repositories with their documentation coverage and stale counts, running tasks, recent activity and quick actions.',
  ),
  repository: screen(
    'repository',
    'Repositories',
    'Connect repositories over HTTPS or SSH, sync them, switch branches and delete them. Filter the list by name.',
  ),
  files: screen(
    'files',
    'Files',
    'Browse the files of a repository, filter them by extension and name, and show or hide code blocks.',
  ),
  livedocs: screen(
    'livedocs',
    'Live docs',
    'Choose files and code objects, generate their documentation and edit it field by field with explicit saving. Filter by type and extension and switch templates.',
  ),
  pockets: screen(
    'pockets',
    'Pockets',
    'Group code objects from several repositories into named compilations. Filter compilations by name, filter their objects by name, type and repository, and remove objects.',
  ),
  activityMetrix: screen(
    'activity-metrix',
    'Activity',
    'Charts of documentation coverage, staleness, generation and edit activity and folder views, updated live.',
  ),
  export: screen(
    'export',
    'Export',
    'Build static documentation folders from a compilation, then browse, download and share them, viewed as self-created or shared with you. Other formats: a Markdown zip, JSON, and a patch that writes docs back into the source.',
  ),
  settingsProfile: screen(
    'settings-profile',
    'Profile',
    'Your name, e-mail address, id and description, and deleting your account.',
  ),
  settingsParser: screen(
    'settings-parser',
    'Parser',
    'Your parser subscription: the current plan, quota use, plans to buy and past purchases, plus generation preferences such as doc style and an optional model endpoint.',
  ),
  settingsAuthentication: screen(
    'settings-authentication',
    'Authentication',
    'Your password, sessions and sign-in methods, and your SSH keys: list, generate and delete them.',
  ),
  settingsAppearance: screen(
    'settings-appearance',
    'Appearance',
    'Choose how CodeDocs looks in this browser.',
  ),
  authLogin: screen('auth-login', 'Log in', 'Sign in to your CodeDocs account.'),
  authResetPassword: screen(
    'auth-reset-password',
    'Reset password',
    'Ask for a link to choose a new password.',
  ),
  authCallback: screen(
    'auth-callback',
    'Signing in',
    'Finishes signing in after you return from GitHub or another identity provider.',
  ),
  authVerify: screen('auth-verify', 'Verify e-mail', 'Confirms your e-mail address.'),
  authSetPassword: screen(
    'auth-setpassword',
    'Set password',
    'Choose a new password from the link you received by e-mail.',
  ),
} as const satisfies Record<string, ScreenInfo>;
