import { CircleUser, LogOut, Settings, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';

/** Who the account menu belongs to. */
export interface UserMenuUser {
  name: string;
  email: string;
}

/**
 * The header's account menu: the user's name and e-mail (once the profile has loaded), then
 * Profile, Settings, Log out (which calls `onLogout`).
 */
export function UserMenu({ onLogout, user }: { onLogout: () => void; user: UserMenuUser | null }) {
  const navigate = useNavigate();
  const handleProfile = () => void navigate(paths.app.settings.profile);
  const handleSettings = () => void navigate(paths.app.settings.root);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="User menu" data-testid="user-menu-trigger">
          <CircleUser className="size-5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {user && (
          <>
            <DropdownMenuLabel data-testid="user-menu-identity" className="flex flex-col gap-0.5">
              <span data-testid="user-menu-name" className="truncate">
                {user.name}
              </span>
              <span
                data-testid="user-menu-email"
                className="truncate text-xs font-normal text-muted-foreground"
              >
                {user.email}
              </span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem data-testid="user-menu-profile" onSelect={handleProfile}>
          <User aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem data-testid="user-menu-settings" onSelect={handleSettings}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="user-menu-logout" onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
