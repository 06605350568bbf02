import { z } from 'zod';

/** One repository inside a compilation's metadata (spec section 3, DESIGN.md section 5). */
export const compilationRepositorySchema = z.object({
  repo_id: z.string(),
  repo_name: z.string(),
  repo_url: z.string(),
  last_updated: z.string().nullable(),
  files: z.number().int(),
  objects: z.number().int(),
});

/** A compilation with the repositories its objects come from. */
export const compilationMetadataSchema = z
  .object({
    compilation_id: z.string(),
    name: z.string(),
    created_at: z.string(),
    repositories: z.array(compilationRepositorySchema),
  })
  .meta({ id: 'CompilationMetadata' });
export type CompilationMetadata = z.infer<typeof compilationMetadataSchema>;

/** `GET /api/v0/compilation/metadata`: the caller's compilations. */
export const compilationMetadataResponseSchema = z.object({
  metadata: z.array(compilationMetadataSchema),
});
export type CompilationMetadataResponse = z.infer<typeof compilationMetadataResponseSchema>;
