import type { OauthAccount } from '@codedocs/db';
import type { Db } from './db';

/** The link between a provider's subject and a user, if any. */
export async function findOauthAccount(
  db: Db,
  provider: string,
  subject: string,
): Promise<OauthAccount | undefined> {
  return db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** Links a provider identity to a user. */
export async function insertOauthAccount(
  db: Db,
  account: { provider: string; subject: string; user_id: string },
): Promise<void> {
  await db.insertInto('oauth_accounts').values(account).execute();
}

/** Every provider identity linked to a user, oldest first. */
export async function listOauthAccounts(db: Db, userId: string): Promise<OauthAccount[]> {
  return db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
