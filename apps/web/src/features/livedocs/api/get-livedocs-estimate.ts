import { PLAN_HEADER, type LivedocsEstimateResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';
import { FILE_IDS_PER_QUERY } from './file-ids-per-query';

/** File ids per estimate request (they travel in the query string). */
export const ESTIMATE_MAX_FILES = FILE_IDS_PER_QUERY;

/**
 * `GET /api/v2/livedocs/estimate/{repo_id}?file_id=a,b` (plan header): what generating these
 * files (all files with null) would spend of the monthly quota and what is left. A long
 * selection is asked in chunks of ESTIMATE_MAX_FILES whose object counts add up (each file's
 * objects are counted once); the quota figures are the same in every answer.
 */
export async function getLivedocsEstimate(
  repoId: string,
  fileIds: readonly string[] | null,
  plan: string,
  signal?: AbortSignal,
): Promise<LivedocsEstimateResponse> {
  const path = `/livedocs/estimate/${encodeURIComponent(repoId)}`;
  const headers = { [PLAN_HEADER]: plan };
  if (fileIds === null) return api.v2.get(path, { headers, signal });
  let total: LivedocsEstimateResponse | null = null;
  for (let start = 0; start < fileIds.length; start += ESTIMATE_MAX_FILES) {
    const chunk = fileIds.slice(start, start + ESTIMATE_MAX_FILES);
    const answer = await api.v2.get<LivedocsEstimateResponse>(path, {
      query: { file_id: chunk.join(',') },
      headers,
      signal,
    });
    total = total
      ? {
          ...answer,
          objects: total.objects + answer.objects,
          to_spend: total.to_spend + answer.to_spend,
        }
      : answer;
  }
  if (!total) throw new Error('Choose at least one file');
  return total;
}
