import { Outlet, useNavigate } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/store/login-state';
import { useAppDispatch } from '../../hooks';
import { ProtectedRoute } from './protected-route';

/** `/app`: the protected area inside the app shell. */
export function AppLayoutRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const handleLogout = () => {
    logout(dispatch);
    void navigate(paths.auth.login, { replace: true });
  };
  return (
    <ProtectedRoute>
      <AppShell onLogout={handleLogout}>
        <Outlet />
      </AppShell>
    </ProtectedRoute>
  );
}
