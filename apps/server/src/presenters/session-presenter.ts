import type { SessionInfo } from '@codedocs/contract';
import type { Session } from '@codedocs/db';

/** A session as `GET /api/v1/auth/sessions` lists it; `current` marks the caller's own. */
export function presentSession(session: Session, currentId: string): SessionInfo {
  return {
    session_id: session.id,
    created_at: session.created_at,
    last_seen_at: session.last_seen_at,
    expires_at: session.expires_at,
    user_agent: session.user_agent,
    ip: session.ip,
    current: session.id === currentId,
  };
}
