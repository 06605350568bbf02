import type { SessionResponse } from '@codedocs/contract';
import type { App } from '../app';
import { readOutbox } from '../mail/outbox-mailer';

/** Headers that carry a session token the way the SPA sends it. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The `token` query parameter of a mailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Signs a user up through the API and returns the verify link from the outbox. */
export async function signUpThroughOutbox(
  app: App,
  email: string,
  password = 'correct horse battery',
  name = 'Ada',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password, name },
  });
  if (response.statusCode !== 202) throw new Error(`signup answered ${response.statusCode}`);
  const mail = (await readOutbox(app.config.dataDir)).find(
    (entry) => entry.to === email && entry.links[0]?.includes('/auth/verify'),
  );
  if (!mail?.links[0]) throw new Error(`no verify mail for ${email}`);
  return mail.links[0];
}

/** A verified user with a session: signs up, opens the mailed link, returns the session. */
export async function createVerifiedUser(
  app: App,
  email: string,
  password = 'correct horse battery',
): Promise<SessionResponse> {
  const link = await signUpThroughOutbox(app, email, password);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify',
    payload: { token: tokenOf(link) },
  });
  if (response.statusCode !== 200) throw new Error(`verify answered ${response.statusCode}`);
  return response.json<SessionResponse>();
}
