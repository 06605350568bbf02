import { z } from 'zod';
import { docSourceSchema, objectStatusSchema } from './livedocs';
import { siteOverviewSchema } from './overview';

/**
 * The input of a static documentation site (issue 16, DESIGN.md section 7): everything
 * `packages/sitegen` needs to build a compilation into a folder of HTML, gathered by the server
 * from the database and the repositories at the commits the site pins. The same model gives the
 * same bytes (nothing in the build reads a clock or a random source: `built_at` is part of the
 * input).
 */
export const SITE_MODEL_VERSION = 1;

/** A link from one object to another: `key` when the target is in the site, else plain text. */
export const siteLinkSchema = z.object({
  /** The target's `SiteObject.key`, or null when it is not in the site. */
  key: z.string().nullable(),
  /** What to show: the target's qualified name (or the name as written at the call). */
  name: z.string(),
});
export type SiteLink = z.infer<typeof siteLinkSchema>;

export const siteFieldSchema = z.object({
  /** `summary`, `description`, `param:<name>`, `returns`, `throws`, `example` or `notes`. */
  field_id: z.string(),
  /** As the editor shows it ("Summary", "Parameter port", …). */
  label: z.string(),
  /** Markdown, as written (sitegen sanitises what it renders). */
  value: z.string(),
  /** Where the text came from (DOC_SOURCES: author, edited, generated, model, empty). */
  source: docSourceSchema,
  /** Whether a person accepted this generated text as it is. */
  accepted: z.boolean().optional(),
  /** Display name of who last wrote it, when a person did. */
  updated_by: z.string().nullable(),
  /** ISO-8601 time of the last write, when known. */
  updated_at: z.string().nullable(),
  /** The commit whose code the field was written for, when known (JSON exports' provenance). */
  written_at_commit: z.string().nullable().optional(),
  /** Written for other code than the pinned commit has (a stale badge). */
  stale: z.boolean(),
});
export type SiteField = z.infer<typeof siteFieldSchema>;

export const siteObjectSchema = z.object({
  /** Unique in the site (`<repo_id>:<object_id>`); links and anchors are derived from it. */
  key: z.string(),
  object_id: z.string(),
  name: z.string(),
  qualified_name: z.string(),
  /** The engine's kind: function, method, class, interface, module, … */
  kind: z.string(),
  language: z.string(),
  signature: z.string(),
  line_start: z.number().int(),
  line_end: z.number().int(),
  /** The compilation's order (0 first): the order of pages and of anchors in a file page. */
  position: z.number().int(),
  /** The object's status at the pinned commit. */
  status: objectStatusSchema,
  /** The object's source at the pinned commit (lines line_start..line_end). */
  code: z.string(),
  /** The object's lines on the repository's host at the pinned commit, when the host is known. */
  source_url: z.string().nullable(),
  /** Its container in the site (a method's class), when that is in the site too. */
  parent_key: z.string().nullable(),
  fields: z.array(siteFieldSchema),
  calls: z.array(siteLinkSchema),
  called_by: z.array(siteLinkSchema),
  /** Classes or interfaces it extends or implements. */
  extends: z.array(siteLinkSchema),
  /** Objects that extend or implement it. */
  extended_by: z.array(siteLinkSchema),
});
export type SiteObject = z.infer<typeof siteObjectSchema>;

export const siteFileSchema = z.object({
  file_id: z.string(),
  path: z.string(),
  language: z.string().nullable(),
  /** The file on the host at the pinned commit, when the host is known. */
  source_url: z.string().nullable(),
  objects: z.array(siteObjectSchema),
});
export type SiteFile = z.infer<typeof siteFileSchema>;

export const siteRepositorySchema = z.object({
  repo_id: z.string(),
  name: z.string(),
  /** The remote URL without credentials. */
  url: z.string(),
  /** The repository's page on its host (e.g. https://github.com/o/r), when known. */
  web_url: z.string().nullable(),
  branch: z.string().nullable(),
  /** The commit every page of this repository documents. */
  commit_id: z.string(),
  /**
   * Every object of the repository at that commit, by status (they add up to object_count): the
   * same counts the app's repository card shows for that commit.
   */
  object_count: z.number().int(),
  documented_count: z.number().int(),
  generated_count: z.number().int().optional(),
  stale_count: z.number().int().optional(),
  undocumented_count: z.number().int().optional(),
  /** The repository's overview at that commit (absent in models made before overviews). */
  overview: siteOverviewSchema.nullable().optional(),
  files: z.array(siteFileSchema),
});
export type SiteRepository = z.infer<typeof siteRepositorySchema>;

export const siteModelSchema = z.object({
  version: z.literal(SITE_MODEL_VERSION),
  /** The folder's name: the site's title. */
  title: z.string(),
  compilation_id: z.string(),
  compilation_name: z.string(),
  /** ISO-8601 time of the build, printed in the footer. */
  built_at: z.string(),
  /** In the order of the compilation's first object of each. */
  repositories: z.array(siteRepositorySchema),
});
export type SiteModel = z.infer<typeof siteModelSchema>;
