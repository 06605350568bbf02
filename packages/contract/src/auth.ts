import { z } from 'zod';
import { billingModeSchema } from './payments';

/**
 * Accounts and sessions (`/api/v1/auth`, `/api/v1/oauth`), DESIGN.md section 5. The session
 * token travels only in `Authorization: Bearer <jwt>`; the SPA keeps it in the `jwt` cookie.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;

/** How a user signed in: with e-mail and password, or through an OAuth/OIDC provider. */
export const LOGIN_METHODS = ['password', 'github', 'oidc'] as const;
export const loginMethodSchema = z.enum(LOGIN_METHODS);
export type LoginMethod = z.infer<typeof loginMethodSchema>;

export const OAUTH_PROVIDERS = ['github', 'oidc'] as const;
export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

export const emailSchema = z
  .email()
  .max(254)
  .transform((email) => email.trim().toLowerCase());
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
export const userNameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);

/** The signed-in user as the auth endpoints return it. */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    email_verified: z.boolean(),
    login_method: loginMethodSchema,
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Answer of every call that starts a session (login, verify, OAuth callback, password change). */
export const sessionResponseSchema = z
  .object({ token: z.string(), user: sessionUserSchema })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** `POST /api/v1/auth/signup` → 202 `acceptedResponse` (same answer for a known address). */
export const signupRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: userNameSchema,
  /**
   * A path of the app to return to after the address is confirmed (e.g. the invitation page the
   * visitor signed up from); carried by the confirmation link. Paths only, never another origin.
   */
  next: z.string().max(2048).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** 202 answer of signup and password-reset requests: never says whether the address is known. */
export const acceptedResponseSchema = z.object({ message: z.string() });
export type AcceptedResponse = z.infer<typeof acceptedResponseSchema>;

/** `POST /api/v1/auth/verify` (token from the mailed link) → `sessionResponse`. */
export const verifyRequestSchema = z.object({ token: z.string().min(1).max(4096) });

/** `POST /api/v1/auth/login` → `sessionResponse`; 401 for a wrong pair, 403 `email_not_verified`. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /api/v1/auth/password/reset` → 202 `acceptedResponse`. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** `POST /api/v1/auth/password/set` (token from the mailed reset link) → 200 `acceptedResponse`. */
export const passwordSetRequestSchema = z.object({
  token: z.string().min(1).max(4096),
  password: passwordSchema,
});

/** `POST /api/v1/auth/password/change` (signed in) → `sessionResponse`; other sessions end. */
export const passwordChangeRequestSchema = z.object({
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  new_password: passwordSchema,
});

/** `GET /api/v1/auth/refresh` (spec section 7): the rotated session token. */
export const refreshResponseSchema = z
  .object({ token: z.string() })
  .meta({ id: 'RefreshResponse' });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** `GET /api/v1/auth/sessions`: the caller's active sessions; `DELETE …/sessions/{id}` ends one. */
export const sessionInfoSchema = z.object({
  session_id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });

/** `GET /api/v1/auth/methods`: how this account can sign in. */
export const signInMethodsResponseSchema = z.object({
  password: z.boolean(),
  oauth: z.array(z.object({ provider: oauthProviderSchema, linked_at: z.string() })),
});
export type SignInMethodsResponse = z.infer<typeof signInMethodsResponseSchema>;

/**
 * `GET /api/v1/auth/config` (public): what the login screen offers. `mail_outbox` is true when
 * mails go to the local outbox (no SMTP_URL), whose page is `/api/dev/outbox`.
 */
export const authConfigResponseSchema = z.object({
  providers: z.array(z.object({ id: oauthProviderSchema, name: z.string() })),
  mail_outbox: z.boolean(),
  billing: billingModeSchema,
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/**
 * OAuth: `GET /api/v1/oauth/{provider}/authorize?next=` answers 302 to the provider (state and
 * PKCE verifier kept in a short-lived signed http-only cookie); the provider returns the browser
 * to the SPA's `/auth/callback?provider=…&code=…&state=…`, which calls
 * `POST /api/v1/oauth/{provider}/callback {code, state}` → `sessionResponse`.
 */
export const oauthCallbackRequestSchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
  /** The `iss` query parameter of the callback URL when the provider sent one (RFC 9207). */
  iss: z.string().max(2048).optional(),
});

/** Answer of the OAuth callback: a session, plus the `next` path given to authorize. */
export const oauthCallbackResponseSchema = sessionResponseSchema
  .extend({ next: z.string() })
  .meta({ id: 'OAuthCallbackResponse' });
export type OAuthCallbackResponse = z.infer<typeof oauthCallbackResponseSchema>;

/** `POST /api/v1/auth/verify/resend {email}` → 202 `acceptedResponse` (same for unknown addresses). */
export const verifyResendRequestSchema = z.object({ email: emailSchema });

/** `GET /api/v1/oauth/{provider}/authorize?next=`: where the SPA goes after the login (a path). */
export const oauthAuthorizeQuerySchema = z.object({
  next: z.string().max(2048).optional(),
});
