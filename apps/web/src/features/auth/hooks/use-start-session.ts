import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { SessionResponse } from '@codedocs/contract';
import { startSession } from '../store/login-state';

/**
 * Returns a function that starts the session an auth call answered with (jwt cookie + logged
 * in with its login method). The /auth guard then sends the visitor on to `next` or /app.
 */
export function useStartSession() {
  const dispatch = useDispatch();
  return useCallback(
    (session: SessionResponse, next?: string | null) => startSession(dispatch, session, next),
    [dispatch],
  );
}
