/** Every route of the product spec (section 2) as an absolute path. */
export const paths = {
  home: '/',
  invite: (slug: string) => `/invite/folder/private/${encodeURIComponent(slug)}`,
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    repository: '/app/repository',
    files: '/app/files',
    livedocs: '/app/livedocs',
    pockets: '/app/pockets',
    activityMetrix: '/app/activity-metrix',
    export: '/app/export',
    settings: {
      root: '/app/settings',
      profile: '/app/settings/profile',
      parser: '/app/settings/parser',
      authentication: '/app/settings/authentication',
      appearance: '/app/settings/appearance',
    },
  },
  auth: {
    root: '/auth',
    login: '/auth/login',
    resetPassword: '/auth/reset-password',
    callback: '/auth/callback',
    verify: '/auth/verify',
    setPassword: '/auth/setpassword',
  },
} as const;

/** Search parameter that carries the path a logged-out visitor meant to open. */
export const NEXT_PARAM = 'next';
