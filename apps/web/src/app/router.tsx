import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouteSpinner } from '@/components/route-spinner';
import { paths } from '@/config/paths';
import {
  createGuestOnlyLoader,
  createLoginStateLoader,
  createRequireSessionLoader,
} from './routes/guards';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import type { AppStore } from './store';

/** Route ids tests and later issues use to find a route object. */
export const ROUTE_IDS = {
  root: 'root',
  app: 'app',
  /** Pathless route around the /app screens: its error element keeps the shell around errors. */
  appScreens: 'app-screens',
  auth: 'auth',
  authScreens: 'auth-screens',
} as const;

/** Lazy `Component` from a module's named export, so each screen is its own chunk. */
function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** An index route that only redirects (it renders nothing while the redirect happens). */
const redirectIndex = (path: string): RouteObject => ({
  index: true,
  loader: () => redirect(path),
  element: null,
});

function appScreenRoutes(): RouteObject[] {
  return [
    redirectIndex(paths.app.dashboard),
    {
      path: 'dashboard',
      lazy: lazyScreen(
        () => import('./routes/app/dashboard'),
        (m) => m.DashboardScreen,
      ),
    },
    {
      path: 'repository',
      lazy: lazyScreen(
        () => import('./routes/app/repository'),
        (m) => m.RepositoryScreen,
      ),
    },
    {
      path: 'files',
      lazy: lazyScreen(
        () => import('./routes/app/files'),
        (m) => m.FilesScreen,
      ),
    },
    {
      path: 'livedocs',
      lazy: lazyScreen(
        () => import('./routes/app/livedocs'),
        (m) => m.LivedocsScreen,
      ),
    },
    {
      path: 'pockets',
      lazy: lazyScreen(
        () => import('./routes/app/pockets'),
        (m) => m.PocketsScreen,
      ),
    },
    {
      path: 'activity-metrix',
      lazy: lazyScreen(
        () => import('./routes/app/activity-metrix'),
        (m) => m.ActivityMetrixScreen,
      ),
    },
    {
      path: 'export',
      lazy: lazyScreen(
        () => import('./routes/app/export'),
        (m) => m.ExportScreen,
      ),
    },
    {
      path: 'settings',
      children: [
        redirectIndex(paths.app.settings.profile),
        {
          path: 'profile',
          lazy: lazyScreen(
            () => import('./routes/app/settings/profile'),
            (m) => m.ProfileScreen,
          ),
        },
        {
          path: 'parser',
          lazy: lazyScreen(
            () => import('./routes/app/settings/parser'),
            (m) => m.ParserScreen,
          ),
        },
        {
          path: 'authentication',
          lazy: lazyScreen(
            () => import('./routes/app/settings/authentication'),
            (m) => m.AuthenticationScreen,
          ),
        },
        {
          path: 'appearance',
          lazy: lazyScreen(
            () => import('./routes/app/settings/appearance'),
            (m) => m.AppearanceScreen,
          ),
        },
      ],
    },
  ];
}

function authScreenRoutes(): RouteObject[] {
  return [
    redirectIndex(paths.auth.login),
    {
      path: 'login',
      lazy: lazyScreen(
        () => import('./routes/auth/login'),
        (m) => m.LoginScreen,
      ),
    },
    {
      path: 'reset-password',
      lazy: lazyScreen(
        () => import('./routes/auth/reset-password'),
        (m) => m.ResetPasswordScreen,
      ),
    },
    {
      path: 'callback',
      lazy: lazyScreen(
        () => import('./routes/auth/callback'),
        (m) => m.CallbackScreen,
      ),
    },
    {
      path: 'verify',
      lazy: lazyScreen(
        () => import('./routes/auth/verify'),
        (m) => m.VerifyScreen,
      ),
    },
    {
      path: 'setpassword',
      lazy: lazyScreen(
        () => import('./routes/auth/set-password'),
        (m) => m.SetPasswordScreen,
      ),
    },
  ];
}

/**
 * The route tree of spec section 2. Guards read and update `store`, so the app passes its
 * store and each test a fresh one (then mounts the tree with createMemoryRouter).
 */
export function createAppRoutes(store: AppStore): RouteObject[] {
  return [
    {
      id: ROUTE_IDS.root,
      path: paths.home,
      Component: RootLayout,
      HydrateFallback: RouteSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          index: true,
          lazy: lazyScreen(
            () => import('./routes/redirect'),
            (m) => m.RedirectScreen,
          ),
        },
        {
          path: 'invite/folder/private/:slug',
          loader: createLoginStateLoader(store),
          lazy: lazyScreen(
            () => import('./routes/invite'),
            (m) => m.InviteScreen,
          ),
        },
        {
          id: ROUTE_IDS.app,
          path: 'app',
          loader: createRequireSessionLoader(store),
          lazy: lazyScreen(
            () => import('./routes/app/app-layout'),
            (m) => m.AppLayoutRoute,
          ),
          children: [
            { id: ROUTE_IDS.appScreens, ErrorBoundary: RouteError, children: appScreenRoutes() },
          ],
        },
        {
          id: ROUTE_IDS.auth,
          path: 'auth',
          loader: createGuestOnlyLoader(store),
          lazy: lazyScreen(
            () => import('./routes/auth/auth-layout'),
            (m) => m.AuthLayoutRoute,
          ),
          children: [
            { id: ROUTE_IDS.authScreens, ErrorBoundary: RouteError, children: authScreenRoutes() },
          ],
        },
        {
          path: '*',
          lazy: lazyScreen(
            () => import('./routes/not-found'),
            (m) => m.NotFoundScreen,
          ),
        },
      ],
    },
  ];
}

/** The browser router of the app. */
export function createAppRouter(store: AppStore) {
  return createBrowserRouter(createAppRoutes(store));
}
