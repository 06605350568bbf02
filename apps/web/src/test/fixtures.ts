import type {
  AuthConfigResponse,
  SessionResponse,
  SubscriptionResponse,
  UserProfile,
} from '@codedocs/contract';

/** The signed-in user of the tests. */
export const testProfile: UserProfile = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  description: 'Writes notes on engines.',
  login_method: 'password',
  email_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  purchases: [],
};

/** A subscription answer with its plan token. */
export const testSubscription: SubscriptionResponse = {
  plan: 'free',
  status: 'active',
  current_period_end: null,
  quotas: { repos: 3, generated_objects_per_month: 2000, static_folders: 3 },
  purchases: [],
  jwt: 'plan-token',
};

/** A public auth config with one provider and the local outbox. */
export const testAuthConfig: AuthConfigResponse = {
  providers: [{ id: 'github', name: 'GitHub' }],
  mail_outbox: true,
  billing: 'test',
};

/** The answer of a call that starts a session. */
export function sessionAnswer(
  token = 'session-token',
  loginMethod: SessionResponse['user']['login_method'] = 'password',
): SessionResponse {
  return {
    token,
    user: {
      id: testProfile.id,
      email: testProfile.email,
      name: testProfile.name,
      email_verified: true,
      login_method: loginMethod,
    },
  };
}
