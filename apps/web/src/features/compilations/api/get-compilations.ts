import type { CompilationMetadata, CompilationMetadataResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

export type { CompilationMetadata, CompilationMetadataResponse };

/** `GET /api/v0/compilation/metadata`: the user's compilations with their metadata. */
export function getCompilations(signal?: AbortSignal): Promise<CompilationMetadataResponse> {
  return api.v0.get<CompilationMetadataResponse>('/compilation/metadata', { signal });
}
