import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { InsecureOriginBanner } from '@/components/insecure-origin-banner';
import { paths } from '@/config/paths';
import { MobileNav } from './mobile-nav';
import { SidebarNav } from './sidebar-nav';
import { ThemeToggle } from './theme-toggle';
import { UserMenu, type UserMenuUser } from './user-menu';

/** Props of AppShell. */
export interface AppShellProps {
  children: ReactNode;
  onLogout: () => void;
  /** The signed-in user for the account menu, null until the profile has loaded. */
  user?: UserMenuUser | null;
}

/**
 * The /app layout: header (menu button below md, product name, dark-mode toggle, user menu),
 * sidebar from md up, and the main area. A skip link leads keyboard users past the navigation.
 */
export function AppShell({ children, onLogout, user = null }: AppShellProps) {
  return (
    <div data-testid="app-shell" className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <InsecureOriginBanner />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur md:px-6">
        <MobileNav />
        <Link
          to={paths.app.dashboard}
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Brand />
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <UserMenu onLogout={onLogout} user={user} />
        </div>
      </header>
      <div className="flex flex-1">
        <aside
          data-testid="sidebar"
          className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto border-r border-border p-4 md:block"
        >
          <SidebarNav />
        </aside>
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 p-4 outline-none sm:p-6 lg:p-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
