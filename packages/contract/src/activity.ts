import { z } from 'zod';

/**
 * Activity metrics (issue 19, DESIGN.md section 5 "/app/activity-metrix"): every meaningful action
 * writes an event, counted per day; the metrics calls turn those counts and the coverage
 * snapshots into series over a date range. Every call is under `/api/v1/activity`; new events
 * also arrive live on `GET /api/v1/events` as `activity` events.
 */

/**
 * Every kind of event, with its `subject` (what it is about), `scope` (what it is counted under)
 * and `data`:
 * - `repo.connected` / `repo.synced` / `repo.branch_switched` / `repo.deleted` / `repo.indexed`:
 *   subject and scope the repository; data `name`, and `commit_id`, `branch`, `changed`,
 *   `objects` where they apply.
 * - `docs.generated`: subject and scope the repository, `amount` the fields written; one per file
 *   a generation wrote to (data `file_path`, `objects`, `fields`, `kept`, `task_id`), or per
 *   regenerated object (data `object_id`, `name`).
 * - `doc.edited`: a person saved one field; data `object_id`, `name`, `field_id`. The actor is
 *   the person.
 * - `doc.reviewed`: a person marked an object's docs as still right; data `object_id`, `name`.
 * - `doc.accepted`: a person accepted one generated field as it is; data `object_id`, `name`,
 *   `field_id`.
 * - `compilation.created` / `compilation.changed` / `compilation.deleted`: subject and scope the
 *   compilation; data `name`, and for changes `change` (renamed, objects_added,
 *   objects_removed, reordered) and `count`.
 * - `site.built`: subject and scope the folder; data `name`, `files`, `bytes`.
 * - `site.viewed`: a site opened from the app; subject and scope the folder.
 * - `share.created` / `share.opened` / `share.revoked`: subject the share, scope its folder; data
 *   `kind` (public, private, email) and `permission`. An open by someone without an account has
 *   no actor.
 * - `plan.bought`: subject the purchase; data `plan`, `amount`, `currency`.
 */
export const ACTIVITY_EVENT_KINDS = [
  'repo.connected',
  'repo.synced',
  'repo.branch_switched',
  'repo.deleted',
  'repo.indexed',
  'docs.generated',
  'doc.edited',
  'doc.reviewed',
  'doc.accepted',
  'compilation.created',
  'compilation.changed',
  'compilation.deleted',
  'site.built',
  'site.viewed',
  'share.created',
  'share.opened',
  'share.revoked',
  'plan.bought',
] as const;
export const activityEventKindSchema = z.enum(ACTIVITY_EVENT_KINDS);
export type ActivityEventKind = z.infer<typeof activityEventKindSchema>;

/** The kinds an activity filter groups under one name. */
export const ACTIVITY_CATEGORIES = {
  repositories: [
    'repo.connected',
    'repo.synced',
    'repo.branch_switched',
    'repo.deleted',
    'repo.indexed',
  ],
  docs: ['docs.generated', 'doc.edited', 'doc.reviewed', 'doc.accepted'],
  pockets: ['compilation.created', 'compilation.changed', 'compilation.deleted'],
  sites: ['site.built', 'site.viewed', 'share.created', 'share.opened', 'share.revoked'],
  billing: ['plan.bought'],
} as const satisfies Record<string, readonly ActivityEventKind[]>;
export type ActivityCategory = keyof typeof ACTIVITY_CATEGORIES;
export const ACTIVITY_CATEGORY_NAMES = Object.keys(ACTIVITY_CATEGORIES) as ActivityCategory[];

/** Kinds whose events count as views of a site (the views series). */
export const SITE_VIEW_KINDS = ['site.viewed', 'share.opened'] as const;

/** A value inside an event's `data`: small and flat. */
const dataValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One event as the feed and the live stream carry it. */
export const activityEventSchema = z
  .object({
    event_id: z.string(),
    kind: activityEventKindSchema,
    subject: z.string().nullable(),
    scope: z.string().nullable(),
    /** Who did it (null: the system, or a visitor without an account). */
    actor_id: z.string().nullable(),
    /** The actor's display name (their name, else their e-mail), null without an actor. */
    actor_name: z.string().nullable(),
    /** What the event counts for: fields written for `docs.generated`, else 1. */
    amount: z.number().int(),
    data: z.record(z.string(), dataValueSchema),
    created_at: z.string(),
    /**
     * In the feed, consecutive `docs.generated` events of one generation task are one entry:
     * how many events it stands for (1 otherwise).
     */
    grouped: z.number().int(),
  })
  .meta({ id: 'ActivityEvent' });
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/** The server-sent event name of a new activity event on `GET /api/v1/events`. */
export const ACTIVITY_EVENT = 'activity';

/** Most entries one feed page answers. */
export const ACTIVITY_FEED_MAX_LIMIT = 100;

const idSchema = z.string().min(1).max(200);

/** `GET /activity/events`: the caller's events, newest first, optionally filtered. */
export const activityFeedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_FEED_MAX_LIMIT).default(30),
  cursor: z.string().max(500).optional(),
  /** Comma-separated categories (repositories, docs, pockets, sites, billing). */
  category: z
    .string()
    .max(200)
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value
          .split(',')
          .every((name) => (ACTIVITY_CATEGORY_NAMES as string[]).includes(name.trim())),
      `must be a comma-separated list of ${ACTIVITY_CATEGORY_NAMES.join(', ')}`,
    ),
  /** Only events counted under this repository, folder or compilation. */
  scope: idSchema.optional(),
});
export type ActivityFeedQuery = z.infer<typeof activityFeedQuerySchema>;

export const activityFeedResponseSchema = z.object({
  events: z.array(activityEventSchema),
  /** Pass back for the next (older) page; null at the end. */
  cursor: z.string().nullable(),
});
export type ActivityFeedResponse = z.infer<typeof activityFeedResponseSchema>;

/** Buckets a series can be cut into. Weeks start on Monday; days and weeks are UTC. */
export const ACTIVITY_BUCKETS = ['day', 'week'] as const;
export const activityBucketSchema = z.enum(ACTIVITY_BUCKETS);
export type ActivityBucket = z.infer<typeof activityBucketSchema>;

/** Longest date range a metrics call covers, in days. */
export const ACTIVITY_RANGE_MAX_DAYS = 732;

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'not a valid date');

/** The range of every metrics call: `from` and `to` are UTC dates, both included. */
export const activityRangeQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    bucket: activityBucketSchema.default('day'),
    /** Only this repository (coverage and docs) or folder (views). */
    scope: idSchema.optional(),
  })
  .refine((range) => range.from <= range.to, { message: 'must not be after to', path: ['from'] })
  .refine(
    (range) =>
      Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`) <
      ACTIVITY_RANGE_MAX_DAYS * 86_400_000,
    { message: `at most ${ACTIVITY_RANGE_MAX_DAYS} days`, path: ['to'] },
  );
export type ActivityRangeQuery = z.infer<typeof activityRangeQuerySchema>;

/** What every series answer starts with: the range and the start date of each bucket. */
const seriesFrameSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: activityBucketSchema,
  /** The first date of each bucket (the first is `from`, even mid-week); series align with it. */
  buckets: z.array(z.string()),
});

/** A repository's documentation at the end of a bucket. */
export const coveragePointSchema = z.object({
  objects: z.number().int(),
  /**
   * Objects with a summary a reader can use (OBJECT_STATUSES); null for a day counted before
   * that rule, when any filled field counted.
   */
  documented: z.number().int().nullable(),
  /** Objects with generated text only (null before the rule, as `documented`). */
  generated: z.number().int().nullable(),
  stale: z.number().int(),
});
export type CoveragePoint = z.infer<typeof coveragePointSchema>;

/** `GET /activity/coverage`: coverage and stale counts per repository at the end of each bucket. */
export const coverageMetricsSchema = seriesFrameSchema
  .extend({
    repositories: z.array(
      z.object({
        repo_id: z.string(),
        name: z.string(),
        /** Null before the repository's first snapshot (not connected or indexed yet). */
        points: z.array(coveragePointSchema.nullable()),
        /** Now. */
        current: coveragePointSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'CoverageMetrics' });
export type CoverageMetrics = z.infer<typeof coverageMetricsSchema>;

/** `GET /activity/docs`: fields generated vs edited by people, objects reviewed, edits per person. */
export const docsMetricsSchema = seriesFrameSchema
  .extend({
    series: z.object({
      generated: z.array(z.number().int()),
      edited: z.array(z.number().int()),
      reviewed: z.array(z.number().int()),
    }),
    totals: z.object({
      generated: z.number().int(),
      edited: z.number().int(),
      reviewed: z.number().int(),
    }),
    /** Fields saved per person in the range, most first. */
    people: z.array(z.object({ user_id: z.string(), name: z.string(), edits: z.number().int() })),
  })
  .meta({ id: 'DocsMetrics' });
export type DocsMetrics = z.infer<typeof docsMetricsSchema>;

/** `GET /activity/views`: site views (opened from the app or through a share) per folder and share. */
export const viewsMetricsSchema = seriesFrameSchema
  .extend({
    series: z.object({ views: z.array(z.number().int()) }),
    totals: z.object({ views: z.number().int() }),
    folders: z.array(
      z.object({
        folder_id: z.string(),
        /** Null once the folder is deleted. */
        name: z.string().nullable(),
        views: z.array(z.number().int()),
        total: z.number().int(),
      }),
    ),
    shares: z.array(
      z.object({
        share_id: z.string(),
        folder_id: z.string().nullable(),
        /** public, private or email; null once the share is gone. */
        kind: z.string().nullable(),
        views: z.array(z.number().int()),
        total: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ViewsMetrics' });
export type ViewsMetrics = z.infer<typeof viewsMetricsSchema>;

/** The first-run steps, in order. */
export const CHECKLIST_STEPS = ['connect', 'generate', 'pocket', 'site', 'share'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/** `GET /activity/checklist`: which first-run steps the caller has done. */
export const activityChecklistSchema = z
  .object({
    steps: z.object(
      Object.fromEntries(CHECKLIST_STEPS.map((step) => [step, z.boolean()])) as Record<
        ChecklistStep,
        z.ZodBoolean
      >,
    ),
    done: z.boolean(),
  })
  .meta({ id: 'ActivityChecklist' });
export type ActivityChecklist = z.infer<typeof activityChecklistSchema>;
