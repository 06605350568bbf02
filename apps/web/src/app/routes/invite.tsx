import { useLocation, useParams } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { selectLoggedIn } from '@/features/auth/store/session-slice';
import { FolderInvitation } from '@/features/sharing/components/folder-invitation';
import { leaveAppFor } from '@/lib/leave-app';
import { loginPathWithNext } from '@/lib/next-path';
import { useAppSelector } from '../hooks';

/**
 * `/invite/folder/private/:slug`: the invitation to a private folder (a private link or an
 * e-mail invitation). Its loader has run the shared login-state check, so the page knows
 * whether to offer "Open" or "Log in to open" (which comes back here).
 */
export function InviteScreen() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const loggedIn = useAppSelector(selectLoggedIn);
  return (
    <CenteredLayout>
      <Screen info={SCREENS.invite} className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{SCREENS.invite.description}</p>
        <FolderInvitation
          slug={slug}
          loggedIn={loggedIn}
          loginPath={loginPathWithNext(location.pathname)}
          onOpenSite={leaveAppFor}
        />
      </Screen>
    </CenteredLayout>
  );
}
