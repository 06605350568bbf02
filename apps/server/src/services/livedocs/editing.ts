import type {
  LivedocsAcceptRequest,
  LivedocsAcceptResponse,
  LivedocsObject,
  LivedocsObjectActionRequest,
  LivedocsSaveRequest,
  LivedocsSaveResponse,
} from '@codedocs/contract';
import { templateFieldIds } from '@codedocs/engine';
import type { Repo } from '@codedocs/db';
import { newId } from '../../auth/random-id';
import { badRequest, conflict, notFound } from '../../errors/index';
import { findCodeObject } from '../../repositories/code-index-repository';
import {
  acceptFieldIfVersion,
  docStatesOfObjects,
  insertRevision,
  listDocsOfObjects,
  markFieldsReviewed,
  writeFieldIfVersion,
} from '../../repositories/docs-repository';
import { nowIso, type ServiceContext } from '../context';
import { recordEvent } from '../activity/record-event';
import { ownRepo } from '../repos/repo-tasks-service';
import { hasAuthorSummary, statusOf } from './doc-status';
import { fieldsOf, locateObject, objectView, type LocatedObject } from './object-view';
import { docsChanged } from './docs-changed';

/** The object at the repository's current commit, or 404/409 saying why it cannot be edited. */
export async function currentObject(
  ctx: ServiceContext,
  repo: Repo,
  objectId: string,
): Promise<LocatedObject & { commitId: string }> {
  const row = await findCodeObject(ctx.db, repo.id, objectId);
  if (!row) throw notFound('Object not found');
  const commitId = repo.head_commit;
  const located =
    commitId === null
      ? undefined
      : await locateObject(ctx, repo.id, commitId, row.file_path, objectId);
  if (!located || commitId === null) {
    throw conflict('This object is not in the current commit; its docs can be read but not edited');
  }
  return { ...located, commitId };
}

/** After a field's write: the field as stored now and the object's status with it. */
async function fieldAnswer(
  ctx: ServiceContext,
  repo: Repo,
  object: LocatedObject['object'],
  fieldId: string,
): Promise<LivedocsSaveResponse> {
  const after = await listDocsOfObjects(ctx.db, repo.id, [object.id]);
  const [state] = await docStatesOfObjects(ctx.db, repo.id, [object.id]);
  const field = fieldsOf(object, after).find((f) => f.field_id === fieldId);
  if (!field) throw notFound('Field not found');
  return { field, status: statusOf(object.codeHash, state, hasAuthorSummary(object)) };
}

/**
 * `POST /api/v0/livedocs/save`: one field, written as the person's (`edited`) against the current
 * code, with a history entry. The write happens only if the field is still at the version the
 * editor loaded (`version`, 0 for never written), in one statement, so of two editors the second
 * gets 409 and nothing is silently lost. Without `version` the write is unconditional.
 */
export async function saveField(
  ctx: ServiceContext,
  userId: string,
  request: LivedocsSaveRequest,
): Promise<LivedocsSaveResponse> {
  const repo = await ownRepo(ctx, userId, request.repo_id);
  const { object, file, commitId } = await currentObject(ctx, repo, request.object_id);
  const docs = await listDocsOfObjects(ctx.db, repo.id, [object.id]);
  const existing = docs.find((d) => d.field_id === request.field_id);
  if (!existing && !templateFieldIds(object).includes(request.field_id)) {
    throw badRequest('body.field_id', `This object has no field ${request.field_id}`);
  }
  const expected = request.version ?? existing?.version ?? 0;
  const write = {
    repo_id: repo.id,
    object_id: object.id,
    field_id: request.field_id,
    value: request.doc,
    source: 'edited',
    written_at_commit: commitId,
    code_hash_at_write: object.codeHash,
    updated_at: nowIso(),
    updated_by: userId,
  };
  const version = await ctx.db.transaction().execute(async (trx) => {
    const written = await writeFieldIfVersion(trx, write, expected);
    if (written === null) return null;
    await insertRevision(trx, { ...write, id: newId(), version: written });
    await recordEvent(ctx, trx, {
      userId: repo.user_id,
      kind: 'doc.edited',
      subject: repo.id,
      actorId: userId,
      data: {
        object_id: object.id,
        name: object.qualifiedName,
        field_id: request.field_id,
        file_path: file.path,
      },
    });
    return written;
  });
  if (version === null) {
    throw conflict(
      'This field was changed by someone else since you opened it; reload it to see their version before saving yours',
    );
  }
  await docsChanged(ctx, repo.id);
  return fieldAnswer(ctx, repo, object, request.field_id);
}

/**
 * `POST /api/v0/livedocs/accept`: a person accepts one generated field as it is, at the version
 * they read (409 when it changed since). An accepted summary makes the object count as
 * documented; new text a later generation writes is not accepted until someone accepts it.
 */
export async function acceptField(
  ctx: ServiceContext,
  userId: string,
  request: LivedocsAcceptRequest,
): Promise<LivedocsAcceptResponse> {
  const repo = await ownRepo(ctx, userId, request.repo_id);
  const { object, file } = await currentObject(ctx, repo, request.object_id);
  const docs = await listDocsOfObjects(ctx.db, repo.id, [object.id]);
  const existing = docs.find((d) => d.field_id === request.field_id);
  if (!existing) throw notFound('Field not found');
  if (existing.value === '' || !['generated', 'model'].includes(existing.source)) {
    throw badRequest('body.field_id', 'Only generated text can be accepted');
  }
  const key = { repo_id: repo.id, object_id: object.id, field_id: request.field_id };
  const accepted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await acceptFieldIfVersion(trx, key, request.version, { at: nowIso(), by: userId })))
      return false;
    await recordEvent(ctx, trx, {
      userId: repo.user_id,
      kind: 'doc.accepted',
      subject: repo.id,
      actorId: userId,
      data: {
        object_id: object.id,
        name: object.qualifiedName,
        field_id: request.field_id,
        file_path: file.path,
      },
    });
    return true;
  });
  if (!accepted) {
    throw conflict(
      'This field was changed by someone else since you opened it; reload it to see their version before saving yours',
    );
  }
  await docsChanged(ctx, repo.id);
  return fieldAnswer(ctx, repo, object, request.field_id);
}

/**
 * `POST /api/v0/livedocs/review`: a person checked the docs against the changed code and they
 * still hold, so every filled field now counts as written against the current code (values and
 * versions unchanged, so open editors are not disturbed).
 */
export async function markReviewed(
  ctx: ServiceContext,
  userId: string,
  request: LivedocsObjectActionRequest,
): Promise<LivedocsObject> {
  const repo = await ownRepo(ctx, userId, request.repo_id);
  const { object, commitId } = await currentObject(ctx, repo, request.object_id);
  await ctx.db.transaction().execute(async (trx) => {
    await markFieldsReviewed(trx, repo.id, object.id, object.codeHash, commitId);
    await recordEvent(ctx, trx, {
      userId: repo.user_id,
      kind: 'doc.reviewed',
      subject: repo.id,
      actorId: userId,
      data: { object_id: object.id, name: object.qualifiedName },
    });
  });
  await docsChanged(ctx, repo.id);
  return objectView(ctx, repo, object.id, commitId);
}
