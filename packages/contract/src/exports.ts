import { z } from 'zod';
import { docSourceSchema, objectStatusSchema } from './livedocs';

/**
 * Exports beyond sites (issue 22): a Markdown folder, a JSON document or a write-back patch of a
 * compilation or a repository, built as a job (like sites) and kept in the export history.
 */

export const EXPORT_KINDS = ['markdown', 'json', 'patch'] as const;
export const exportKindSchema = z.enum(EXPORT_KINDS);
export type ExportKind = z.infer<typeof exportKindSchema>;

/** building (its job runs), ready (downloadable), failed (`error` says why). */
export const EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export const exportStatusSchema = z.enum(EXPORT_STATUSES);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/**
 * Which fields a patch writes into the code: `edited`, only what a person wrote; `accepted`,
 * also the generated fields the person accepts as they stand by choosing this (statements that
 * say nothing applies, the product's notes and made-up examples are never written).
 */
export const WRITEBACK_FIELDS = ['edited', 'accepted'] as const;
export const writebackFieldsSchema = z.enum(WRITEBACK_FIELDS);
export type WritebackFields = z.infer<typeof writebackFieldsSchema>;

/** Files a patch may be limited to; more is a whole-repository patch. */
export const EXPORT_MAX_PATHS = 1000;

export const createExportRequestSchema = z
  .object({
    kind: exportKindSchema,
    /** One of the two: the compilation or the repository exported. */
    compilation_id: z.string().min(1).max(100).optional(),
    repo_id: z.string().min(1).max(100).optional(),
    /** Shown in the history; defaults to the source's name. */
    name: z.string().trim().min(1).max(120).optional(),
    /** Patch only: which fields to write (default `edited`). */
    fields: writebackFieldsSchema.optional(),
    /** Patch of a repository only: the files to write into (default every file). */
    paths: z.array(z.string().min(1).max(1000)).min(1).max(EXPORT_MAX_PATHS).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.compilation_id === !value.repo_id && value.kind !== 'patch') {
      ctx.addIssue({
        code: 'custom',
        path: ['compilation_id'],
        message: 'Name a compilation_id or a repo_id (one of the two)',
      });
    }
    if (value.kind === 'patch' && !value.compilation_id && !value.repo_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['repo_id'],
        message:
          'A patch needs a repo_id (and may name a compilation_id to write its objects only)',
      });
    }
    if (value.kind !== 'patch' && (value.fields || value.paths)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.fields ? 'fields' : 'paths'],
        message: 'Only a patch takes fields and paths',
      });
    }
    if (value.paths && value.compilation_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['paths'],
        message: "A compilation's patch writes its objects; paths choose files of a repository",
      });
    }
  });
export type CreateExportRequest = z.infer<typeof createExportRequestSchema>;

export const createExportResponseSchema = z.object({
  export_id: z.string(),
  task_id: z.string(),
});
export type CreateExportResponse = z.infer<typeof createExportResponseSchema>;

/** One export in the history. */
export const exportSchema = z.object({
  export_id: z.string(),
  kind: exportKindSchema,
  name: z.string(),
  /** What was exported: null once it was deleted (the export stays). */
  compilation_id: z.string().nullable(),
  repo_id: z.string().nullable(),
  fields: writebackFieldsSchema.nullable(),
  status: exportStatusSchema,
  error: z.string().nullable(),
  task_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Files in the download (Markdown: pages; JSON: 1; patch: source files changed). */
  file_count: z.number().int(),
  size: z.number().int(),
  /** The commits exported, per repository. */
  pins: z.array(z.object({ repo_id: z.string(), repo_name: z.string(), commit_id: z.string() })),
  /** Patch: objects written and those left out with why (at most 100 listed). */
  written: z.number().int(),
  skipped: z.array(z.object({ path: z.string(), name: z.string(), reason: z.string() })),
});
export type Export = z.infer<typeof exportSchema>;

export const exportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;

export const exportListResponseSchema = z.object({
  exports: z.array(exportSchema),
  cursor: z.string().nullable(),
});
export type ExportListResponse = z.infer<typeof exportListResponseSchema>;

export const exportIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/* ---------------------------------------------------------------------------------------------
 * The JSON export document (`codedocs-export.json`), versioned: a reader checks `version`.
 * Version 2 (per-repository coverage, field sources author/model/empty and `accepted`). A
 * change an older reader would misread gets a new version.
 * ------------------------------------------------------------------------------------------- */

export const EXPORT_DOCUMENT_VERSION = 2;

/** A repository's objects at the exported commit by status (they add up to `objects`). */
export const exportCoverageSchema = z.object({
  objects: z.number().int(),
  documented: z.number().int(),
  generated: z.number().int(),
  stale: z.number().int(),
  undocumented: z.number().int(),
});
export type ExportCoverage = z.infer<typeof exportCoverageSchema>;

/** A link from one object to another: the target's id when the export has it, and its name. */
export const exportReferenceSchema = z.object({
  object_id: z.string().nullable(),
  name: z.string(),
});

export const exportFieldSchema = z.object({
  /** `summary`, `description`, `param:<name>`, `returns`, `throws`, `example` or `notes`. */
  field_id: z.string(),
  label: z.string(),
  /** Markdown, as written. */
  value: z.string(),
  provenance: z.object({
    /**
     * `author` (the code's own doc comment), `edited` (a person wrote it), `generated` (derived
     * from the code), `model` (a language model's prose) or `empty` (needs a writer).
     */
    source: docSourceSchema,
    /** Whether a person accepted this generated text as it is. */
    accepted: z.boolean(),
    /** Display name of the person who last wrote it; null for generated and author text. */
    updated_by: z.string().nullable(),
    /** ISO-8601 time of the last write. */
    updated_at: z.string().nullable(),
    /** The commit whose code the field was written for. */
    written_at_commit: z.string().nullable(),
    /** Written for other code than the exported commit has. */
    stale: z.boolean(),
  }),
});
export type ExportField = z.infer<typeof exportFieldSchema>;

export const exportObjectSchema = z.object({
  object_id: z.string(),
  name: z.string(),
  qualified_name: z.string(),
  kind: z.string(),
  language: z.string(),
  signature: z.string(),
  line_start: z.number().int(),
  line_end: z.number().int(),
  status: objectStatusSchema,
  /** The enclosing object (a method's class) when the export has it. */
  parent_id: z.string().nullable(),
  source_url: z.string().nullable(),
  fields: z.array(exportFieldSchema),
  references: z.object({
    calls: z.array(exportReferenceSchema),
    called_by: z.array(exportReferenceSchema),
    extends: z.array(exportReferenceSchema),
    extended_by: z.array(exportReferenceSchema),
  }),
});
export type ExportObject = z.infer<typeof exportObjectSchema>;

export const exportDocumentSchema = z
  .object({
    version: z.literal(EXPORT_DOCUMENT_VERSION),
    generator: z.literal('codedocs'),
    exported_at: z.string(),
    source: z.union([
      z.object({ kind: z.literal('compilation'), compilation_id: z.string(), name: z.string() }),
      z.object({ kind: z.literal('repository'), repo_id: z.string(), name: z.string() }),
    ]),
    repositories: z.array(
      z.object({
        repo_id: z.string(),
        name: z.string(),
        url: z.string(),
        branch: z.string().nullable(),
        commit_id: z.string(),
        /**
         * Every object of the repository at `commit_id` by status, as the app counts them (for a
         * compilation, the repository's whole count, not only the exported objects).
         */
        coverage: exportCoverageSchema,
        files: z.array(
          z.object({
            path: z.string(),
            language: z.string().nullable(),
            objects: z.array(exportObjectSchema),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: 'CodedocsExport',
    description:
      'A compilation or repository with its documentation: objects, fields with provenance, references (version 2)',
  });
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
