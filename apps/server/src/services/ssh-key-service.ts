import type { SshKeyGenerateRequest, SshKeyJson } from '@codedocs/contract';
import { newId } from '../auth/random-id';
import { conflict, notFound } from '../errors/index';
import { presentSshKey } from '../presenters/ssh-key-presenter';
import {
  deleteSshKey,
  findNewestSshKey,
  findSshKey,
  insertSshKey,
  listSshKeysOfUser,
} from '../repositories/ssh-keys-repository';
import { generateSshKeyPair } from '../ssh-keys/generate-key-pair';
import { openPrivateKey, sealPrivateKey } from '../ssh-keys/private-key-box';
import { isUniqueViolation } from '../repositories/db-errors';
import type { ServiceContext } from './context';

/** `GET /api/v0/user/ssh-key`. */
export async function listSshKeys(ctx: ServiceContext, userId: string): Promise<SshKeyJson[]> {
  return (await listSshKeysOfUser(ctx.db, userId)).map(presentSshKey);
}

const duplicate = () => conflict('You already have an SSH key with this name');

/**
 * `POST /api/v0/user/ssh-key/generate`: a new key pair; the private half is stored encrypted and
 * never answered. The comment `codedocs-<name>` tells the user where the key came from.
 */
export async function generateSshKey(
  ctx: ServiceContext,
  userId: string,
  request: SshKeyGenerateRequest,
): Promise<SshKeyJson> {
  if (await findSshKey(ctx.db, userId, request.name)) throw duplicate();
  const pair = await generateSshKeyPair(request.algorithm, `codedocs-${request.name}`);
  try {
    const row = await insertSshKey(ctx.db, {
      id: newId(),
      user_id: userId,
      name: request.name,
      algorithm: request.algorithm,
      public_key: pair.publicKey,
      private_key_enc: sealPrivateKey(ctx.config.appSecret, userId, pair.privateKey),
      fingerprint: pair.fingerprint,
    });
    return presentSshKey(row);
  } catch (error) {
    // Two concurrent requests with the same name: the constraint decides.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** `DELETE /api/v0/user/ssh-key/{name}`: 404 for an unknown name or another user's key. */
export async function removeSshKey(
  ctx: ServiceContext,
  userId: string,
  name: string,
): Promise<void> {
  if (!(await deleteSshKey(ctx.db, userId, name))) throw notFound('SSH key not found');
}

/** A decrypted key for one git command; see `git/ssh-transport.ts` for how it is used. */
export interface UnsealedSshKey {
  name: string;
  publicKey: string;
  fingerprint: string;
  /** OpenSSH private key file contents. Keep in memory only; never log. */
  privateKey: string;
}

/**
 * The key a repository job clones with: the named one, or the newest when `name` is null.
 * Throws 404 when the user has no such key.
 */
export async function unsealSshKey(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  userId: string,
  name: string | null,
): Promise<UnsealedSshKey> {
  const row =
    name === null ? await findNewestSshKey(ctx.db, userId) : await findSshKey(ctx.db, userId, name);
  if (!row) throw notFound('SSH key not found');
  return {
    name: row.name,
    publicKey: row.public_key,
    fingerprint: row.fingerprint,
    privateKey: openPrivateKey(ctx.config.appSecret, userId, row.private_key_enc),
  };
}
