import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { selectLoggedIn } from '@/features/auth/store/session-slice';
import { nextPathFrom } from '@/lib/next-path';
import { useAppSelector } from '../../hooks';

/**
 * Shows /auth only to visitors who are not logged in; a logged-in visitor (for example right
 * after signing in) goes on to `next` inside /app, or /app.
 */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectLoggedIn);
  const [searchParams] = useSearchParams();
  if (loggedIn) return <Navigate to={nextPathFrom(searchParams)} replace />;
  return children;
}
