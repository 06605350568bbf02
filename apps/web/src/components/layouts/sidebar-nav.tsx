import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { settingsNavItems, workspaceNavItems, type NavItem } from './nav-items';

function NavGroup({
  heading,
  items,
  onNavigate,
}: {
  heading: string;
  items: readonly NavItem[];
  onNavigate: (() => void) | undefined;
}) {
  const headingId = `nav-heading-${heading.toLowerCase()}`;
  return (
    <div className="flex flex-col gap-1">
      <h2
        id={headingId}
        className="px-3 text-xs font-medium tracking-wide text-muted-foreground uppercase"
      >
        {heading}
      </h2>
      <ul aria-labelledby={headingId} className="flex flex-col gap-0.5">
        {items.map(({ to, label, icon: Icon, testId }) => (
          <li key={to}>
            <NavLink
              to={to}
              data-testid={testId}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive
                    ? 'bg-accent text-accent-foreground'
                    : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Links to every /app screen and settings page; the current one has aria-current="page".
 * `onNavigate` runs after a link is chosen (the mobile slide-over closes itself with it).
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-6">
      <NavGroup heading="Workspace" items={workspaceNavItems} onNavigate={onNavigate} />
      <NavGroup heading="Settings" items={settingsNavItems} onNavigate={onNavigate} />
    </nav>
  );
}
