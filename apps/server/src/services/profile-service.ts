import type { UserProfile, UserUpdateRequest } from '@codedocs/contract';
import type { User } from '@codedocs/db';
import { notFound } from '../errors/index';
import { presentPurchase } from '../presenters/purchase-presenter';
import { presentProfile } from '../presenters/user-presenter';
import { listPurchases } from '../repositories/billing-repository';
import { deleteUser, updateUser } from '../repositories/users-repository';
import { endAllSessions } from './auth/session-service';
import type { ServiceContext } from './context';

/** `GET /api/v0/user`: the profile with its purchases. */
export async function getProfile(ctx: ServiceContext, user: User): Promise<UserProfile> {
  const purchases = await listPurchases(ctx.db, user.id);
  return presentProfile(user, purchases.map(presentPurchase));
}

/** `PATCH /api/v0/user`: changes name and/or description. */
export async function updateProfile(
  ctx: ServiceContext,
  user: User,
  changes: UserUpdateRequest,
): Promise<UserProfile> {
  const updated = await updateUser(ctx.db, user.id, {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.description !== undefined && { description: changes.description }),
  });
  if (!updated) throw notFound('User not found');
  return getProfile(ctx, updated);
}

/**
 * `DELETE /api/v0/user`: ends every session, then deletes the user; everything the user owns
 * (sessions, tokens, keys, repos, compilations, folders, subscription, purchases…) goes with it
 * by foreign-key cascade.
 */
export async function deleteAccount(ctx: ServiceContext, user: User): Promise<void> {
  await endAllSessions(ctx, user.id);
  await deleteUser(ctx.db, user.id);
}
