import { Outlet, useLoaderData, useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { AppShell } from '@/components/layouts/app-shell';
import { paths } from '@/config/paths';
import { selectProfile } from '@/features/profile/store/profile-slice';
import { endAppSession, type AppDataFailure } from '../../app-data';
import { useAppSelector } from '../../hooks';
import type { AppStore } from '../../store';
import { AppDataAlert } from './app-data-alert';
import { ProtectedRoute } from './protected-route';

/** `/app`: the protected area inside the app shell, with the loader's failure shown on top. */
export function AppLayoutRoute() {
  const store = useStore() as AppStore;
  const navigate = useNavigate();
  const failure = useLoaderData() as AppDataFailure | null | undefined;
  const profile = useAppSelector(selectProfile);
  const handleLogout = () => {
    void endAppSession(store);
    void navigate(paths.auth.login, { replace: true });
  };
  const user = profile ? { name: profile.name, email: profile.email } : null;
  return (
    <ProtectedRoute>
      <AppShell onLogout={handleLogout} user={user}>
        <AppDataAlert failure={failure ?? null} />
        <Outlet />
      </AppShell>
    </ProtectedRoute>
  );
}
