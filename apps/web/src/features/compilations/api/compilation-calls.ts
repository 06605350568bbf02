import type {
  CompilationChangeResponse,
  CompilationObjectsResponse,
  CompilationResponse,
  ListedObject,
  ObjectSearchResponse,
  ObjectStatus,
} from '@codedocs/contract';
import { api } from '@/lib/api-client';

export type { ListedObject, ObjectSearchResponse };

const path = (id: string) => `/compilation/${encodeURIComponent(id)}`;

/** `POST /api/v0/compilation {name}`: a new, empty compilation. */
export function postCompilation(name: string): Promise<CompilationResponse> {
  return api.v0.post<CompilationResponse>('/compilation', { name });
}

/** `PATCH /api/v0/compilation/{id} {name}`: renames a compilation. */
export function patchCompilation(id: string, name: string): Promise<CompilationResponse> {
  return api.v0.patch<CompilationResponse>(path(id), { name });
}

/** `DELETE /api/v0/compilation/{id}`. */
export function deleteCompilationCall(id: string): Promise<void> {
  return api.v0.delete<void>(path(id));
}

/** `GET /api/v0/compilation/{id}/object/metadata`: its objects in their order. */
export function getCompilationObjects(
  id: string,
  signal?: AbortSignal,
): Promise<CompilationObjectsResponse> {
  return api.v0.get<CompilationObjectsResponse>(`${path(id)}/object/metadata`, { signal });
}

/** `POST /api/v0/compilation/object {compilation_id, object_ids}`: adds at the end. */
export function postCompilationObjects(
  compilationId: string,
  objectIds: string[],
): Promise<CompilationChangeResponse> {
  return api.v0.post<CompilationChangeResponse>('/compilation/object', {
    compilation_id: compilationId,
    object_ids: objectIds,
  });
}

/**
 * Removes objects: one with the spec's `DELETE /compilation/{id}/object/{object_id}`, a
 * selection with `POST /compilation/{id}/object/remove {object_ids}`.
 */
export function removeCompilationObjectsCall(
  compilationId: string,
  objectIds: string[],
): Promise<CompilationChangeResponse> {
  if (objectIds.length === 1) {
    return api.v0.delete<CompilationChangeResponse>(
      `${path(compilationId)}/object/${encodeURIComponent(objectIds[0]!)}`,
    );
  }
  return api.v0.post<CompilationChangeResponse>(`${path(compilationId)}/object/remove`, {
    object_ids: objectIds,
  });
}

/** `PUT /api/v0/compilation/{id}/order {object_ids}`: every object once, in the new order. */
export function putCompilationOrder(
  compilationId: string,
  objectIds: string[],
): Promise<CompilationObjectsResponse> {
  return api.v0.put<CompilationObjectsResponse>(`${path(compilationId)}/order`, {
    object_ids: objectIds,
  });
}

/** The picker's filters of `GET /api/v0/objects/search`; empty ones are left out. */
export interface ObjectSearchFilters {
  q?: string;
  kind?: string;
  language?: string;
  repo_id?: string;
  status?: ObjectStatus;
}

/** Objects a picker page asks for. */
export const OBJECT_SEARCH_PAGE = 50;

/** `GET /api/v0/objects/search`: one page of the caller's objects across repositories. */
export function searchObjects(
  filters: ObjectSearchFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ObjectSearchResponse> {
  return api.v0.get<ObjectSearchResponse>('/objects/search', {
    query: { ...filters, cursor, limit: OBJECT_SEARCH_PAGE },
    signal,
  });
}
