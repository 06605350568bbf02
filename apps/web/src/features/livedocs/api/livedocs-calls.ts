import {
  PLAN_HEADER,
  TASK_ID_HEADER,
  type LivedocsAcceptRequest,
  type LivedocsAcceptResponse,
  type LivedocsCommitsResponse,
  type LivedocsFilesResponse,
  type LivedocsGenerateResponse,
  type LivedocsHistoryResponse,
  type LivedocsMetadataResponse,
  type LivedocsObject,
  type LivedocsObjectResponse,
  type LivedocsSaveRequest,
  type LivedocsSaveResponse,
} from '@codedocs/contract';
import { api } from '@/lib/api-client';

const repoPath = (base: string, repoId: string) => `${base}/${encodeURIComponent(repoId)}`;

/** `GET /api/v0/livedocs/commits/{repo_id}`: indexed commits, newest first. */
export function getLivedocsCommits(
  repoId: string,
  signal?: AbortSignal,
): Promise<LivedocsCommitsResponse> {
  return api.v0.get(repoPath('/livedocs/commits', repoId), { signal });
}

/** `GET /api/v0/livedocs/files/{repo_id}?commit_id=`: files holding objects, with doc counts. */
export function getLivedocsFiles(
  repoId: string,
  commitId: string | undefined,
  signal?: AbortSignal,
): Promise<LivedocsFilesResponse> {
  return api.v0.get(repoPath('/livedocs/files', repoId), {
    query: { commit_id: commitId },
    signal,
  });
}

/** `GET /api/v0/livedocs/metadata/{repo_id}?commit_id=&file_id=a,b`: files → objects. */
export function getLivedocsMetadata(
  repoId: string,
  commitId: string | undefined,
  fileIds: readonly string[],
  signal?: AbortSignal,
): Promise<LivedocsMetadataResponse> {
  return api.v0.get(repoPath('/livedocs/metadata', repoId), {
    query: { commit_id: commitId, file_id: fileIds.join(',') },
    signal,
  });
}

/** `GET /api/v0/livedocs/object/{repo_id}?object_id=&commit_id=`. */
export async function getLivedocsObject(
  repoId: string,
  objectId: string,
  commitId: string | undefined,
  signal?: AbortSignal,
): Promise<LivedocsObject> {
  const answer = await api.v0.get<LivedocsObjectResponse>(repoPath('/livedocs/object', repoId), {
    query: { object_id: objectId, commit_id: commitId },
    signal,
  });
  return answer.object;
}

/** `POST /api/v0/livedocs/save`: one field; 409 when it changed since `version`. */
export function saveLivedocsField(request: LivedocsSaveRequest): Promise<LivedocsSaveResponse> {
  return api.v0.post('/livedocs/save', request);
}

/** `POST /api/v0/livedocs/accept`: a generated field accepted as it is; 409 when it changed. */
export function acceptLivedocsField(
  request: LivedocsAcceptRequest,
): Promise<LivedocsAcceptResponse> {
  return api.v0.post('/livedocs/accept', request);
}

/**
 * `POST /api/v2/livedocs/generate` or `/generate/all` (all files when `fileIds` is null), under a
 * task id of the caller's (`x-task-id`), so a repeat of the same request answers the same task.
 */
export function generateLivedocs(
  repoId: string,
  fileIds: readonly string[] | null,
  plan: string,
  taskId: string = crypto.randomUUID(),
): Promise<LivedocsGenerateResponse> {
  const headers = { [PLAN_HEADER]: plan, [TASK_ID_HEADER]: taskId };
  return fileIds === null
    ? api.v2.post('/livedocs/generate/all', { repo_id: repoId }, { headers })
    : api.v2.post('/livedocs/generate', { repo_id: repoId, file_ids: fileIds }, { headers });
}

/** `POST /api/v2/livedocs/regenerate`: one object's generated fields, edits kept. */
export async function regenerateLivedocsObject(
  repoId: string,
  objectId: string,
  plan: string,
): Promise<LivedocsObject> {
  const answer = await api.v2.post<LivedocsObjectResponse>(
    '/livedocs/regenerate',
    { repo_id: repoId, object_id: objectId },
    { headers: { [PLAN_HEADER]: plan } },
  );
  return answer.object;
}

/** `POST /api/v0/livedocs/review`: the docs hold for the current code. */
export async function reviewLivedocsObject(
  repoId: string,
  objectId: string,
): Promise<LivedocsObject> {
  const answer = await api.v0.post<LivedocsObjectResponse>('/livedocs/review', {
    repo_id: repoId,
    object_id: objectId,
  });
  return answer.object;
}

/** `GET /api/v0/livedocs/history/{repo_id}?object_id=&field_id=`. */
export function getFieldHistory(
  repoId: string,
  objectId: string,
  fieldId: string,
  signal?: AbortSignal,
): Promise<LivedocsHistoryResponse> {
  return api.v0.get(repoPath('/livedocs/history', repoId), {
    query: { object_id: objectId, field_id: fieldId },
    signal,
  });
}
