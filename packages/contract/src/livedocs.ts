import { z } from 'zod';

/**
 * Live documentation (issue 6, DESIGN.md section 5 "Live docs object"). A code object's doc is a
 * set of fields; each field remembers the code hash it was written against, so an object whose
 * code changed later is `stale` until its fields are regenerated or reviewed.
 */

/**
 * Status of an object's documentation at a commit, one of four that partition every object (the
 * one rule of DESIGN.md section 10, "Field provenance"):
 * - `stale`: a field was written against other code than this commit's;
 * - `documented`: a summary a reader can use — the author's doc comment, a person's edit, or a
 *   generated summary a person accepted;
 * - `generated`: only generated text nobody has accepted yet;
 * - `undocumented`: nothing to read ("needs a writer").
 */
export const OBJECT_STATUSES = ['documented', 'generated', 'stale', 'undocumented'] as const;
export const objectStatusSchema = z.enum(OBJECT_STATUSES);
export type ObjectStatus = z.infer<typeof objectStatusSchema>;

/**
 * Where a field's text came from: `author` (the object's own doc comment), `edited` (a person),
 * `generated` (derived from facts of the code), `model` (a language model's prose), `empty`
 * (nothing to say: the field needs a writer). `imported` is kept for rows older stores wrote.
 */
export const DOC_SOURCES = ['author', 'edited', 'generated', 'model', 'empty', 'imported'] as const;
export const docSourceSchema = z.enum(DOC_SOURCES);
export type DocSource = z.infer<typeof docSourceSchema>;

/** Fields every object's template has, in display order (parameters come after `description`). */
export const BASE_FIELD_IDS = [
  'summary',
  'description',
  'returns',
  'throws',
  'example',
  'notes',
] as const;
/** Prefix of a parameter's field id: `param:<name>`. */
export const PARAM_FIELD_PREFIX = 'param:';
/** Longest field text accepted by a save (characters). */
export const DOC_FIELD_MAX_LENGTH = 100_000;

/** A field id: one of BASE_FIELD_IDS or `param:<name>`. */
export const fieldIdSchema = z
  .string()
  .min(1)
  .max(300)
  .refine(
    (id) =>
      (BASE_FIELD_IDS as readonly string[]).includes(id) ||
      (id.startsWith(PARAM_FIELD_PREFIX) && id.length > PARAM_FIELD_PREFIX.length),
    'must be summary, description, returns, throws, example, notes or param:<name>',
  );

const commitIdSchema = z
  .string()
  .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'A full commit id')
  .optional();

/** Whether a commit's code has been read by the engine yet. */
export const INDEX_STATUSES = ['indexed', 'indexing', 'not_indexed', 'failed'] as const;
export type IndexStatus = (typeof INDEX_STATUSES)[number];

/** `GET /api/v0/livedocs/files/{repo_id}?commit_id=` query. */
export const livedocsFilesQuerySchema = z.object({ commit_id: commitIdSchema });
export type LivedocsFilesQuery = z.infer<typeof livedocsFilesQuerySchema>;

/** A source file of an indexed commit that holds documentable objects. */
export const livedocsFileSchema = z
  .object({
    file_id: z.string(),
    file_name: z.string(),
    file_path: z.string(),
    file_url: z.string().nullable(),
    extension: z.string(),
    language: z.string().nullable(),
    object_count: z.number().int(),
    /** The file's objects by status (they add up to object_count; see OBJECT_STATUSES). */
    documented_count: z.number().int(),
    generated_count: z.number().int(),
    stale_count: z.number().int(),
  })
  .meta({ id: 'LivedocsFile' });
export type LivedocsFileJson = z.infer<typeof livedocsFileSchema>;

/**
 * Files of a commit with objects, in path order. `index_status` says whether the engine has read
 * this commit; while it is `indexing`, `task_id` is the indexing task to follow.
 */
export const livedocsFilesResponseSchema = z.object({
  commit_id: z.string(),
  index_status: z.enum(INDEX_STATUSES),
  task_id: z.string().nullable(),
  files: z.array(livedocsFileSchema),
});
export type LivedocsFilesResponse = z.infer<typeof livedocsFilesResponseSchema>;

/** Most file ids one metadata call takes. */
export const LIVEDOCS_METADATA_MAX_FILES = 500;

/**
 * `GET /api/v0/livedocs/metadata/{repo_id}?commit_id=&file_id=`: `file_id` is one id or several
 * separated by commas (at most LIVEDOCS_METADATA_MAX_FILES); without it every file is listed.
 */
export const livedocsMetadataQuerySchema = z.object({
  commit_id: commitIdSchema,
  file_id: z.string().max(40_000).optional(),
});
export type LivedocsMetadataQuery = z.infer<typeof livedocsMetadataQuerySchema>;

/** One object in the metadata tree: enough to list, filter and badge it. */
export const livedocsObjectSummarySchema = z
  .object({
    object_id: z.string(),
    object_url: z.string().nullable(),
    file_id: z.string(),
    name: z.string(),
    qualified_name: z.string(),
    kind: z.string(),
    line_start: z.number().int(),
    line_end: z.number().int(),
    parent_id: z.string().nullable(),
    status: objectStatusSchema,
    last_updated: z.string().nullable(),
  })
  .meta({ id: 'LivedocsObjectSummary' });
export type LivedocsObjectSummary = z.infer<typeof livedocsObjectSummarySchema>;

export const livedocsMetadataFileSchema = z.object({
  file_id: z.string(),
  file_path: z.string(),
  file_url: z.string().nullable(),
  language: z.string().nullable(),
  objects: z.array(livedocsObjectSummarySchema),
});
export type LivedocsMetadataFile = z.infer<typeof livedocsMetadataFileSchema>;

/** Metadata nested as files, then objects (spec section 3). */
export const livedocsMetadataResponseSchema = z.object({
  commit_id: z.string(),
  metadata: z.object({ files: z.array(livedocsMetadataFileSchema) }),
});
export type LivedocsMetadataResponse = z.infer<typeof livedocsMetadataResponseSchema>;

/** `GET /api/v0/livedocs/object/{repo_id}?object_id=&commit_id=`. */
export const livedocsObjectQuerySchema = z.object({
  object_id: z.string().min(1).max(200),
  commit_id: commitIdSchema,
});
export type LivedocsObjectQuery = z.infer<typeof livedocsObjectQuerySchema>;

/** A call edge: `object_id` is null for a name that resolves to nothing in the repository. */
export const livedocsRefSchema = z.object({
  object_id: z.string().nullable(),
  name: z.string(),
  qualified_name: z.string().nullable(),
  kind: z.string().nullable(),
  file_path: z.string().nullable(),
  line: z.number().int(),
  snippet: z.string(),
});
export type LivedocsRef = z.infer<typeof livedocsRefSchema>;

/** One documentation field; `version` 0 means it was never written. */
export const livedocsFieldSchema = z
  .object({
    field_id: z.string(),
    label: z.string(),
    value: z.string(),
    source: docSourceSchema.nullable(),
    version: z.number().int(),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
    /** Written against other code than this commit's (only for non-empty fields). */
    stale: z.boolean(),
    /** When a person accepted this generated or model text as it is (null: not accepted). */
    accepted_at: z.string().nullable().optional(),
  })
  .meta({ id: 'LivedocsField' });
export type LivedocsField = z.infer<typeof livedocsFieldSchema>;

/** What changed in the object's code since its doc was written (present when stale). */
export const livedocsStaleSchema = z.object({
  written_at_commit: z.string().nullable(),
  /** Unified diff from the code the doc was written against to this commit's code. */
  diff: z.string(),
});

export const livedocsObjectSchema = z
  .object({
    object_id: z.string(),
    object_url: z.string().nullable(),
    file_id: z.string(),
    file_path: z.string(),
    file_url: z.string().nullable(),
    last_updated: z.string().nullable(),
    commit_id: z.string(),
    name: z.string(),
    qualified_name: z.string(),
    kind: z.string(),
    language: z.string(),
    signature: z.string(),
    line_start: z.number().int(),
    line_end: z.number().int(),
    code: z.string(),
    code_hash: z.string(),
    status: objectStatusSchema,
    fields: z.array(livedocsFieldSchema),
    calls: z.array(livedocsRefSchema),
    called_by: z.array(livedocsRefSchema),
    usages: z.array(
      z.object({
        file_path: z.string(),
        line: z.number().int(),
        snippet: z.string(),
        is_test: z.boolean(),
      }),
    ),
    stale: livedocsStaleSchema.nullable(),
  })
  .meta({ id: 'LivedocsObject' });
export type LivedocsObject = z.infer<typeof livedocsObjectSchema>;
export const livedocsObjectResponseSchema = z.object({ object: livedocsObjectSchema });
export type LivedocsObjectResponse = z.infer<typeof livedocsObjectResponseSchema>;

/**
 * `POST /api/v0/livedocs/save`: saves one field. `version` is the field's version the editor
 * loaded (0 for a field never written); when the field changed since, the answer is 409 and
 * nothing is written. Without `version` the save is unconditional.
 */
export const livedocsSaveRequestSchema = z.object({
  repo_id: z.string().min(1).max(200),
  object_id: z.string().min(1).max(200),
  field_id: fieldIdSchema,
  doc: z.string().max(DOC_FIELD_MAX_LENGTH),
  version: z.number().int().min(0).optional(),
});
export type LivedocsSaveRequest = z.infer<typeof livedocsSaveRequestSchema>;
export const livedocsSaveResponseSchema = z.object({
  field: livedocsFieldSchema,
  status: objectStatusSchema,
});
export type LivedocsSaveResponse = z.infer<typeof livedocsSaveResponseSchema>;

/**
 * `POST /api/v0/livedocs/accept`: a person accepts a generated (or model) field as it is, at the
 * `version` they read; a summary accepted this way makes the object count as documented. 409
 * when the field changed since, 400 for a field whose text is not generated.
 */
export const livedocsAcceptRequestSchema = z.object({
  repo_id: z.string().min(1).max(200),
  object_id: z.string().min(1).max(200),
  field_id: fieldIdSchema,
  version: z.number().int().min(1),
});
export type LivedocsAcceptRequest = z.infer<typeof livedocsAcceptRequestSchema>;
export const livedocsAcceptResponseSchema = livedocsSaveResponseSchema;
export type LivedocsAcceptResponse = z.infer<typeof livedocsAcceptResponseSchema>;

/** `POST /api/v2/livedocs/generate` (plan header): generated fields for the chosen files. */
export const livedocsGenerateRequestSchema = z.object({
  repo_id: z.string().min(1).max(200),
  file_ids: z.array(z.string().min(1).max(200)).min(1, 'Choose at least one file').max(100_000),
});
export type LivedocsGenerateRequest = z.infer<typeof livedocsGenerateRequestSchema>;
/** `POST /api/v2/livedocs/generate/all` (plan header): every file of the current commit. */
export const livedocsGenerateAllRequestSchema = z.object({ repo_id: z.string().min(1).max(200) });
export type LivedocsGenerateAllRequest = z.infer<typeof livedocsGenerateAllRequestSchema>;
/** 202: the generation runs as task `task_id` (progress on the event stream). */
export const livedocsGenerateResponseSchema = z.object({
  task_id: z.string(),
  repo_id: z.string(),
  commit_id: z.string(),
  object_count: z.number().int(),
});
export type LivedocsGenerateResponse = z.infer<typeof livedocsGenerateResponseSchema>;
/**
 * `GET /api/v2/livedocs/estimate/{repo_id}?file_id=` (plan header): what a generation of these
 * files (all files without `file_id`, a comma-separated list otherwise) would spend of the
 * monthly quota before it starts. `to_spend` counts the objects not documented against their
 * current code (documented ones are refreshed free); `quota`, `left` are null when unlimited.
 */
export const livedocsEstimateQuerySchema = z.object({
  file_id: z.string().max(2_000_000).optional(),
});
export type LivedocsEstimateQuery = z.infer<typeof livedocsEstimateQuerySchema>;
export const livedocsEstimateResponseSchema = z.object({
  repo_id: z.string(),
  commit_id: z.string(),
  objects: z.number().int(),
  to_spend: z.number().int(),
  used: z.number().int(),
  quota: z.number().int().nullable(),
  left: z.number().int().nullable(),
});
export type LivedocsEstimateResponse = z.infer<typeof livedocsEstimateResponseSchema>;
/** Result of a finished `livedocs.generate` task. */
export const livedocsGenerateResultSchema = z.object({
  repo_id: z.string(),
  commit_id: z.string(),
  objects: z.number().int(),
  fields_written: z.number().int(),
  fields_kept: z.number().int(),
});

/**
 * `POST /api/v2/livedocs/regenerate` (plan header): refreshes one object's generated fields at
 * the current commit (edited fields are kept); `POST /api/v0/livedocs/review` marks every field
 * as checked against the current code. Both answer the object.
 */
export const livedocsObjectActionRequestSchema = z.object({
  repo_id: z.string().min(1).max(200),
  object_id: z.string().min(1).max(200),
});
export type LivedocsObjectActionRequest = z.infer<typeof livedocsObjectActionRequestSchema>;

/** `GET /api/v0/livedocs/commits/{repo_id}`: commits the engine has read, newest first. */
export const livedocsCommitSchema = z.object({
  commit_id: z.string(),
  indexed_at: z.string(),
  object_count: z.number().int(),
  is_current: z.boolean(),
});
export const livedocsCommitsResponseSchema = z.object({
  commits: z.array(livedocsCommitSchema),
});
export type LivedocsCommitsResponse = z.infer<typeof livedocsCommitsResponseSchema>;

/** `GET /api/v0/livedocs/history/{repo_id}?object_id=&field_id=`: a field's saved versions. */
export const livedocsHistoryQuerySchema = z.object({
  object_id: z.string().min(1).max(200),
  field_id: fieldIdSchema,
});
export const livedocsRevisionSchema = z.object({
  version: z.number().int(),
  value: z.string(),
  source: docSourceSchema,
  created_at: z.string(),
  created_by: z.string().nullable(),
  written_at_commit: z.string().nullable(),
});
export const livedocsHistoryResponseSchema = z.object({
  revisions: z.array(livedocsRevisionSchema),
});
export type LivedocsHistoryResponse = z.infer<typeof livedocsHistoryResponseSchema>;

/** The label shown for a field id. */
export function fieldLabel(fieldId: string): string {
  if (fieldId.startsWith(PARAM_FIELD_PREFIX)) {
    return `Parameter ${fieldId.slice(PARAM_FIELD_PREFIX.length)}`;
  }
  return fieldId.charAt(0).toUpperCase() + fieldId.slice(1);
}

/**
 * Doc comment styles a user may prefer per language (the first is the default); used where docs
 * are written back into source as native comments.
 */
export const DOC_STYLE_CHOICES = {
  python: ['google', 'numpy', 'sphinx'],
  typescript: ['tsdoc', 'jsdoc'],
  javascript: ['jsdoc', 'tsdoc'],
  cpp: ['javadoc', 'qt'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type DocStyleLanguage = keyof typeof DOC_STYLE_CHOICES;
export const DOC_STYLE_LANGUAGES = Object.keys(DOC_STYLE_CHOICES) as DocStyleLanguage[];

const docStylesSchema = z
  .object({
    python: z.enum(DOC_STYLE_CHOICES.python),
    typescript: z.enum(DOC_STYLE_CHOICES.typescript),
    javascript: z.enum(DOC_STYLE_CHOICES.javascript),
    cpp: z.enum(DOC_STYLE_CHOICES.cpp),
  })
  .meta({ id: 'DocStyles' });
export type DocStyles = z.infer<typeof docStylesSchema>;

/** Every language's default style. */
export const DEFAULT_DOC_STYLES: DocStyles = {
  python: 'google',
  typescript: 'tsdoc',
  javascript: 'jsdoc',
  cpp: 'javadoc',
};

/** `GET/PUT /api/v2/livedocs/preferences`: the caller's generation preferences. */
export const generationPreferencesSchema = z
  .object({
    doc_styles: docStylesSchema,
    /**
     * The model that writes doc prose. The server's own (LLM_MODEL) applies to everyone; this
     * server lets no user set an endpoint of their own (`per_user: false`), so it is read-only.
     */
    model: z.object({
      configured: z.boolean(),
      name: z.string().nullable(),
      per_user: z.boolean(),
    }),
  })
  .meta({ id: 'GenerationPreferences' });
export type GenerationPreferences = z.infer<typeof generationPreferencesSchema>;

export const generationPreferencesUpdateSchema = z.object({
  doc_styles: docStylesSchema.partial(),
});
export type GenerationPreferencesUpdate = z.infer<typeof generationPreferencesUpdateSchema>;
