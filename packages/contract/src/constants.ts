/** Business constants and client states of the product specification (sections 3, 4 and 9). */

export const API_VERSIONS = ['v0', 'v1', 'v2', 'v3'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** The path prefix every API call lives under. */
export const API_PREFIX = '/api';

/** The base path of one API version, e.g. `/api/v2`. */
export function apiBase(version: ApiVersion): string {
  return `${API_PREFIX}/${version}`;
}

/** Load status of every remote list (profile, repos, compilations, subscription, files, …). */
export const LOAD_STATUSES = ['idle', 'loading', 'succeeded', 'failed'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/** Client-side status of a repo in the list. */
export const REPO_CLIENT_STATUSES = ['connected', 'deleting', 'syncing', 'error'] as const;
export type RepoClientStatus = (typeof REPO_CLIENT_STATUSES)[number];

/** Client-side status of an SSH key in the list. */
export const SSH_KEY_STATUSES = ['idle', 'deleting', 'error'] as const;
export type SshKeyStatus = (typeof SSH_KEY_STATUSES)[number];

/** Static docs view modes; the view starts in `selfCreatedFolder`. */
export const STATIC_DOCS_VIEW_MODES = ['selfCreatedFolder', 'sharedFolder'] as const;
export type StaticDocsViewMode = (typeof STATIC_DOCS_VIEW_MODES)[number];
export const DEFAULT_STATIC_DOCS_VIEW_MODE: StaticDocsViewMode = 'selfCreatedFolder';

/** Connect-failure statuses when there is no HTTP status to report (spec section 8). */
export const CONNECT_FAILURE_STATUS = {
  /** The request was sent but no answer came back. */
  noResponse: 0,
  /** The request failed before it was sent. */
  other: -1,
} as const;

/** Cookie names: `jwt` holds the credential, `ps` the signed plan token. */
export const JWT_COOKIE = 'jwt';
export const PLAN_COOKIE = 'ps';
export const COOKIE_NAMES = { jwt: JWT_COOKIE, plan: PLAN_COOKIE } as const;

/** Request headers of DESIGN.md section 5: the client-made task id and the plan token. */
export const TASK_ID_HEADER = 'x-task-id';
export const PLAN_HEADER = 'x-plan';

/** Toasts: one at a time, shown 5 s, swiped right past 50 px, viewport focused with F8. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_VIEWPORT_HOTKEY = 'F8';
/** A dismissed toast is removed after this very long delay. */
export const TOAST_REMOVE_DELAY = 1_000_000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Fetched-data cache: unused entries kept 5 minutes, 3 retries, backoff capped at 30 s. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;

/**
 * Exponential backoff for a failed fetch (1 s, 2 s, 4 s, …) capped at 30 s; `attempt` counts
 * from 0 as TanStack Query's `retryDelay` does.
 */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), QUERY_RETRY_MAX_DELAY_MS);
}

/** localStorage key of the dark-mode preference. */
export const DARK_MODE_STORAGE_KEY = 'darkMode';
