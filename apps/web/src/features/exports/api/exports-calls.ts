import type {
  CreateExportRequest,
  CreateExportResponse,
  ExportListResponse,
} from '@codedocs/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Exports the history shows (newest first; older ones stay downloadable through the API). */
export const EXPORT_HISTORY_SIZE = 50;

const exportPath = (id: string) => `/exports/${encodeURIComponent(id)}`;

/** `GET /api/v1/exports`: the caller's newest exports. */
export function getExports(signal?: AbortSignal): Promise<ExportListResponse> {
  return api.v1.get<ExportListResponse>('/exports', {
    query: { limit: EXPORT_HISTORY_SIZE },
    signal,
  });
}

/** The export history's query (read again when an export's task ends). */
export const exportsQuery = () =>
  queryOptions({ queryKey: ['exports'], queryFn: ({ signal }) => getExports(signal) });

/** The export history, from TanStack Query. */
export const useExports = () => useQuery(exportsQuery());

/** `POST /api/v1/exports`: a new export and the task that builds it. */
export function postExport(request: CreateExportRequest): Promise<CreateExportResponse> {
  return api.v1.post<CreateExportResponse>('/exports', request);
}

/** `GET /api/v1/exports/{id}/patch`: a patch's unified diff, as text. */
export function getExportPatch(id: string, signal?: AbortSignal): Promise<string> {
  return api.v1.get<string>(`${exportPath(id)}/patch`, {
    responseType: 'text',
    headers: { Accept: 'text/plain' },
    signal,
  });
}

/** `GET /api/v1/exports/{id}/download`: the zip, JSON or patch, as bytes. */
export function getExportDownload(id: string): Promise<Blob> {
  return api.v1.get<Blob>(`${exportPath(id)}/download`, {
    responseType: 'blob',
    headers: { Accept: '*/*' },
  });
}

/** `DELETE /api/v1/exports/{id}`. */
export function deleteExportCall(id: string): Promise<void> {
  return api.v1.delete<void>(exportPath(id));
}
