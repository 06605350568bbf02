import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { selectLoggedIn } from '@/features/auth/store/session-slice';
import { paths } from '@/config/paths';
import { useAppSelector } from '../../hooks';

/**
 * Shows /app only to logged-in visitors. The /app loader already awaited the login check and
 * redirected arrivals (with `next`); this catches a logout while a screen is open.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectLoggedIn);
  if (!loggedIn) return <Navigate to={paths.auth.login} replace />;
  return children;
}
