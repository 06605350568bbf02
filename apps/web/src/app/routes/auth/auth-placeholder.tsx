import { Link } from 'react-router';
import { Screen } from '@/components/screen';
import { AUTH_PLACEHOLDER_NOTE, type ScreenInfo } from '@/config/screens';

/** Props of AuthPlaceholder. */
export interface AuthPlaceholderProps {
  info: ScreenInfo;
  /** Links to the other /auth screens that make sense from this one. */
  links: readonly { to: string; label: string }[];
}

/** An /auth screen until the accounts feature arrives: its purpose and a note why it is empty. */
export function AuthPlaceholder({ info, links }: AuthPlaceholderProps) {
  return (
    <Screen info={info} className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{info.description}</p>
      <p
        data-testid="screen-placeholder"
        className="rounded-md border border-dashed border-border p-3 text-sm"
      >
        {AUTH_PLACEHOLDER_NOTE}
      </p>
      {links.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map(({ to, label }) => (
            <li key={to}>
              <Link
                to={to}
                className="rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
