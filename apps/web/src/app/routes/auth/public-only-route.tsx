import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { NEXT_PARAM } from '@/config/paths';
import { destinationAfterLogin } from '@/features/auth/store/login-state';
import { selectLoggedIn } from '@/features/auth/store/session-slice';
import { nextPathFrom } from '@/lib/next-path';
import { useAppDispatch, useAppSelector } from '../../hooks';

/**
 * Shows /auth only to visitors who are not logged in; a logged-in visitor (for example right
 * after signing in) goes on to `next` inside /app (from the address, else the one the login
 * brought, e.g. the OAuth callback's), or /app.
 */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectLoggedIn);
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  if (loggedIn) {
    const fromLogin = destinationAfterLogin(dispatch);
    const search =
      searchParams.has(NEXT_PARAM) || !fromLogin
        ? searchParams
        : new URLSearchParams({ [NEXT_PARAM]: fromLogin });
    return <Navigate to={nextPathFrom(search)} replace />;
  }
  return children;
}
