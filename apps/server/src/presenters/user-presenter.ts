import { loginMethodSchema } from '@codedocs/contract';
import type { LoginMethod, Purchase, SessionUser, UserProfile } from '@codedocs/contract';
import type { User } from '@codedocs/db';

function loginMethodOf(user: User): LoginMethod {
  const parsed = loginMethodSchema.safeParse(user.login_method);
  return parsed.success ? parsed.data : 'password';
}

/** The user as the auth endpoints return it. */
export function presentSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    email_verified: user.email_verified_at !== null,
    login_method: loginMethodOf(user),
  };
}

/** The profile of `GET /api/v0/user`. */
export function presentProfile(user: User, purchases: Purchase[]): UserProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    description: user.description,
    login_method: loginMethodOf(user),
    email_verified: user.email_verified_at !== null,
    created_at: user.created_at,
    purchases,
  };
}
