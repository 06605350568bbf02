import { z } from 'zod';
import { objectStatusSchema } from './livedocs';

/**
 * Compilations ("pockets"): named, ordered lists of code objects from any of the caller's
 * repositories (spec sections 3, 4, 7; DESIGN.md section 5). Every call is under `/api/v0`.
 */

/** Longest compilation name. */
export const COMPILATION_NAME_MAX_LENGTH = 100;
/** Most objects one call may add, remove or order. */
export const COMPILATION_OBJECTS_MAX = 10_000;

export const compilationNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(COMPILATION_NAME_MAX_LENGTH, `At most ${COMPILATION_NAME_MAX_LENGTH} characters`);

const objectIdSchema = z.string().min(1).max(200);
const objectIdsSchema = z
  .array(objectIdSchema)
  .min(1, 'Choose at least one object')
  .max(COMPILATION_OBJECTS_MAX, `At most ${COMPILATION_OBJECTS_MAX} objects at once`);

/** One repository inside a compilation's metadata: `files` and `objects` are counts. */
export const compilationRepositorySchema = z.object({
  repo_id: z.string(),
  repo_name: z.string(),
  repo_url: z.string(),
  last_updated: z.string().nullable(),
  files: z.number().int(),
  objects: z.number().int(),
});
export type CompilationRepository = z.infer<typeof compilationRepositorySchema>;

/**
 * A compilation with the repositories its objects come from (counts only; the objects
 * themselves come from `GET /compilation/{id}/object/metadata`).
 */
export const compilationMetadataSchema = z
  .object({
    compilation_id: z.string(),
    name: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Objects in the compilation, including those removed from the code since. */
    object_count: z.number().int(),
    repositories: z.array(compilationRepositorySchema),
  })
  .meta({ id: 'CompilationMetadata' });
export type CompilationMetadata = z.infer<typeof compilationMetadataSchema>;

/** `GET /compilation/metadata`: the caller's compilations, oldest first. */
export const compilationMetadataResponseSchema = z.object({
  metadata: z.array(compilationMetadataSchema),
});
export type CompilationMetadataResponse = z.infer<typeof compilationMetadataResponseSchema>;

/** `POST /compilation {name}` and `PATCH /compilation/{id} {name}`. A name is unique per user. */
export const compilationNameRequestSchema = z.object({ name: compilationNameSchema });
export type CompilationNameRequest = z.infer<typeof compilationNameRequestSchema>;
/** 201 (create) or 200 (rename): the compilation as the list shows it. */
export const compilationResponseSchema = z.object({ compilation: compilationMetadataSchema });
export type CompilationResponse = z.infer<typeof compilationResponseSchema>;

export const compilationIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const compilationObjectParamsSchema = z.object({
  id: z.string().min(1).max(200),
  object_id: objectIdSchema,
});

/**
 * An object's status in a list: its doc status at its repository's current commit, or
 * `removed` when that commit no longer has it (it stays listed until the user removes it).
 */
export const listedObjectStatusSchema = z.union([objectStatusSchema, z.literal('removed')]);
export type ListedObjectStatus = z.infer<typeof listedObjectStatusSchema>;

/** An object as lists show it (a compilation's objects, the cross-repository search). */
export const listedObjectSchema = z
  .object({
    object_id: z.string(),
    repo_id: z.string(),
    repo_name: z.string(),
    name: z.string(),
    qualified_name: z.string(),
    kind: z.string(),
    language: z.string(),
    file_id: z.string().nullable(),
    file_path: z.string(),
    line_start: z.number().int(),
    status: listedObjectStatusSchema,
    /** The summary field, when filled. */
    summary: z.string().nullable(),
  })
  .meta({ id: 'ListedObject' });
export type ListedObject = z.infer<typeof listedObjectSchema>;

/** `GET /compilation/{id}/object/metadata`: the compilation's objects in their order. */
export const compilationObjectsResponseSchema = z.object({
  compilation_id: z.string(),
  objects: z.array(listedObjectSchema),
});
export type CompilationObjectsResponse = z.infer<typeof compilationObjectsResponseSchema>;

/**
 * `POST /compilation/object {compilation_id, object_ids}`: adds objects at the end, in the order
 * given (already present ones stay where they are). All or nothing: an id that is not one of
 * the caller's objects → 404 and nothing is added.
 */
export const compilationAddObjectsRequestSchema = z.object({
  compilation_id: z.string().min(1).max(200),
  object_ids: objectIdsSchema,
});
export type CompilationAddObjectsRequest = z.infer<typeof compilationAddObjectsRequestSchema>;
export const compilationChangeResponseSchema = z.object({
  compilation_id: z.string(),
  /** How many objects the call added or removed. */
  changed: z.number().int(),
  object_count: z.number().int(),
});
export type CompilationChangeResponse = z.infer<typeof compilationChangeResponseSchema>;

/** `POST /compilation/{id}/object/remove {object_ids}`: removes a selection at once. */
export const compilationRemoveObjectsRequestSchema = z.object({ object_ids: objectIdsSchema });
export type CompilationRemoveObjectsRequest = z.infer<typeof compilationRemoveObjectsRequestSchema>;

/**
 * `PUT /compilation/{id}/order {object_ids}`: the new order, every object of the compilation
 * exactly once (the order of the site's pages). 409 when the compilation changed meanwhile.
 */
export const compilationOrderRequestSchema = z.object({
  object_ids: z.array(objectIdSchema).max(100_000),
});
export type CompilationOrderRequest = z.infer<typeof compilationOrderRequestSchema>;

/** Most objects one search page answers. */
export const OBJECT_SEARCH_MAX_LIMIT = 200;

/**
 * `GET /objects/search`: the caller's objects at each repository's current commit, across
 * repositories. `q` (case-insensitive) of three characters or more matches any part of the name
 * or qualified name, names and qualified names that start with it first; a shorter `q` matches
 * names that start with it. Every filter is optional; pages follow `cursor` (null at the end).
 */
export const objectSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.string().max(50).optional(),
  language: z.string().max(50).optional(),
  repo_id: z.string().max(200).optional(),
  status: objectStatusSchema.optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(OBJECT_SEARCH_MAX_LIMIT).default(50),
});
export type ObjectSearchQuery = z.infer<typeof objectSearchQuerySchema>;
export const objectSearchResponseSchema = z.object({
  objects: z.array(listedObjectSchema),
  cursor: z.string().nullable(),
});
export type ObjectSearchResponse = z.infer<typeof objectSearchResponseSchema>;
