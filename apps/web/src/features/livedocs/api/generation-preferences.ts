import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationPreferences, GenerationPreferencesUpdate } from '@codedocs/contract';
import { api } from '@/lib/api-client';

const preferencesKey = ['livedocs', 'preferences'] as const;

/** `GET /api/v2/livedocs/preferences`: doc style per language and the prose model. */
export const generationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.v2.get<GenerationPreferences>('/livedocs/preferences', { signal }),
  });

/** The caller's generation preferences. */
export function useGenerationPreferences() {
  return useQuery(generationPreferencesQueryOptions());
}

/** `PUT /api/v2/livedocs/preferences`: saves doc styles; the answer replaces the cached copy. */
export function useSaveGenerationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: GenerationPreferencesUpdate) =>
      api.v2.put<GenerationPreferences>('/livedocs/preferences', update),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
