import { z } from 'zod';
import { DOC_FIELD_MAX_LENGTH } from './livedocs';

/**
 * A repository's overview (issue 21, point 4): facts computed by the engine from the indexed
 * model at one commit (entry points, modules, their import graph, the most-called objects, the
 * public API), and text sections written from those facts that people may edit like any doc.
 */
export const OVERVIEW_VERSION = 1;

/** The overview's text sections, in reading order. */
export const OVERVIEW_SECTION_IDS = [
  'summary',
  'entry_points',
  'modules',
  'dependencies',
  'most_used',
  'public_api',
] as const;
export const overviewSectionIdSchema = z.enum(OVERVIEW_SECTION_IDS);
export type OverviewSectionId = z.infer<typeof overviewSectionIdSchema>;

/** Each section's heading, as the app and the sites show it. */
export const OVERVIEW_SECTION_TITLES: Record<OverviewSectionId, string> = {
  summary: 'Summary',
  entry_points: 'Entry points',
  modules: 'Modules',
  dependencies: 'Module dependencies',
  most_used: 'Most-used objects',
  public_api: 'Public API',
};

/** An object of the repository the overview names. */
export const overviewObjectSchema = z.object({
  object_id: z.string(),
  name: z.string(),
  qualified_name: z.string(),
  kind: z.string(),
  file_path: z.string(),
});
export type OverviewObject = z.infer<typeof overviewObjectSchema>;

export const OVERVIEW_ENTRY_KINDS = [
  /** package.json `bin`, pyproject `[project.scripts]`, setup.cfg console_scripts, Cargo `[[bin]]` */
  'command',
  /** package.json `main` / `module` */
  'main',
  /** package.json `exports` */
  'export',
  /** a Python package's `__main__.py` (`python -m pkg`) */
  'python_module',
  /** a top-level `main` function (Go, Rust, C, Java, Python …) */
  'main_function',
] as const;

export const overviewEntryPointSchema = z.object({
  kind: z.enum(OVERVIEW_ENTRY_KINDS),
  /** What a user types or imports: the command, `python -m pkg`, `pkg/sub`, the function. */
  name: z.string(),
  /** The target as declared (`./dist/cli.js`, `pkg.cli:main`), or the file path. */
  target: z.string(),
  /** Where it is declared: a manifest's path or the file itself. */
  declared_in: z.string(),
  /** The repository file it runs, when one was found. */
  file_path: z.string().nullable(),
  /** The function it runs, when one was found. */
  object: overviewObjectSchema.nullable(),
});
export type OverviewEntryPoint = z.infer<typeof overviewEntryPointSchema>;

export const overviewKeyObjectSchema = overviewObjectSchema.extend({
  /** Distinct callers from resolved call edges. */
  callers: z.number().int(),
});
export type OverviewKeyObject = z.infer<typeof overviewKeyObjectSchema>;

export const overviewModuleSchema = z.object({
  /** A directory (or, in a flat repository, a file) path; '.' for the root. */
  path: z.string(),
  files: z.number().int(),
  objects: z.number().int(),
  /** Objects per kind (class, function, …). */
  kinds: z.record(z.string(), z.number().int()),
  languages: z.array(z.string()),
  /** Only tests live here. */
  test: z.boolean(),
  /** Its most-called top-level objects, then its classes, at most a few. */
  key_objects: z.array(overviewKeyObjectSchema),
});
export type OverviewModule = z.infer<typeof overviewModuleSchema>;

/** `from` imports something of `to` (resolved import edges, counted). */
export const overviewDependencySchema = z.object({
  from: z.string(),
  to: z.string(),
  imports: z.number().int(),
});
export type OverviewDependency = z.infer<typeof overviewDependencySchema>;

/**
 * The dependency graph laid out in layers, left to right (importers left of what they import):
 * node boxes by their top-left corner; `back` edges close an import cycle.
 */
export const overviewGraphSchema = z.object({
  width: z.number(),
  height: z.number(),
  node_width: z.number(),
  node_height: z.number(),
  nodes: z.array(z.object({ path: z.string(), x: z.number(), y: z.number() })),
  edges: z.array(overviewDependencySchema.extend({ back: z.boolean() })),
});
export type OverviewGraph = z.infer<typeof overviewGraphSchema>;

export const overviewUsedObjectSchema = overviewKeyObjectSchema.extend({
  /** Call sites from resolved call edges (a caller may call it more than once). */
  call_sites: z.number().int(),
  /** Callers in test files, of `callers`. */
  test_callers: z.number().int(),
});
export type OverviewUsedObject = z.infer<typeof overviewUsedObjectSchema>;

export const overviewApiObjectSchema = overviewObjectSchema.extend({ signature: z.string() });
export type OverviewApiObject = z.infer<typeof overviewApiObjectSchema>;

export const overviewFactsSchema = z.object({
  version: z.literal(OVERVIEW_VERSION),
  files: z.number().int(),
  objects: z.number().int(),
  languages: z.array(z.object({ language: z.string(), files: z.number().int() })),
  entry_points: z.array(overviewEntryPointSchema),
  /** Largest first; tests last. */
  modules: z.array(overviewModuleSchema),
  /** How many modules the repository has (`modules` may hold only the largest). */
  module_count: z.number().int(),
  /** Between the listed modules. */
  dependencies: z.array(overviewDependencySchema),
  graph: overviewGraphSchema,
  most_used: z.array(overviewUsedObjectSchema),
  /** Exported / public top-level objects outside tests, grouped by module. */
  public_api: z.array(z.object({ module: z.string(), objects: z.array(overviewApiObjectSchema) })),
  /** How many public objects there are (`public_api` may list fewer). */
  public_api_total: z.number().int(),
});
export type OverviewFacts = z.infer<typeof overviewFactsSchema>;

export const overviewSectionSchema = z.object({
  section_id: overviewSectionIdSchema,
  title: z.string(),
  /** Markdown shown: a person's text when they wrote one, else the text made from the facts. */
  value: z.string(),
  /** The text made from the facts at this commit (what a reset would bring back). */
  generated: z.string(),
  source: z.enum(['generated', 'edited']),
  /** 0 when never stored; a save names the version it started from. */
  version: z.number().int(),
  /** A person's text written when the facts said something else than they say now. */
  stale: z.boolean(),
  written_at_commit: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Display name of who last wrote it, when a person did. */
  updated_by: z.string().nullable(),
});
export type OverviewSection = z.infer<typeof overviewSectionSchema>;

export const repoOverviewSchema = z.object({
  repo_id: z.string(),
  commit_id: z.string(),
  generated_at: z.string(),
  facts: overviewFactsSchema,
  sections: z.array(overviewSectionSchema),
});
export type RepoOverview = z.infer<typeof repoOverviewSchema>;

/** `GET /api/v0/repo/{id}/overview` */
export const repoOverviewResponseSchema = z.object({ overview: repoOverviewSchema });
export type RepoOverviewResponse = z.infer<typeof repoOverviewResponseSchema>;

/** `POST /api/v0/repo/{id}/overview/save`: one section, as a person's text. */
export const overviewSaveRequestSchema = z.object({
  section_id: overviewSectionIdSchema,
  doc: z.string().max(DOC_FIELD_MAX_LENGTH),
  /** The version the editor loaded (0: never stored); 409 when it moved since. */
  version: z.number().int().min(0).optional(),
});
export type OverviewSaveRequest = z.infer<typeof overviewSaveRequestSchema>;

export const overviewSaveResponseSchema = z.object({ section: overviewSectionSchema });
export type OverviewSaveResponse = z.infer<typeof overviewSaveResponseSchema>;

/** What a static site shows of a repository's overview. */
export const siteOverviewSchema = z.object({
  facts: overviewFactsSchema,
  sections: z.array(
    z.object({ section_id: overviewSectionIdSchema, title: z.string(), value: z.string() }),
  ),
});
export type SiteOverview = z.infer<typeof siteOverviewSchema>;
