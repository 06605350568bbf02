/**
 * Business constants of the product spec (section 9), kept here until @codedocs/contract
 * exports them. Values are law: change them only when the spec changes.
 */

export const PRODUCT_NAME = 'CodeDocs';

/** API versions in use; every path lives under `/api/{version}`. */
export const API_VERSIONS = ['v0', 'v1', 'v2', 'v3'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** Cookie holding the credential (sent as `Authorization: Bearer <jwt>`). */
export const JWT_COOKIE = 'jwt';
/** Cookie holding the plan token (sent as the `x-plan` header). */
export const PLAN_COOKIE = 'ps';

/** Local storage key of the dark-mode preference ("true" / "false"). */
export const DARK_MODE_STORAGE_KEY = 'darkMode';

export const TOAST_LIMIT = 1;
/** A dismissed toast is removed from the store only after this very long delay (ms). */
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_VIEWPORT_HOTKEY = ['F8'];

export const TOOLTIP_DELAY_DURATION = 700;
export const TOOLTIP_SKIP_DELAY_DURATION = 300;

/** Unused query data is kept for 5 minutes. */
export const QUERY_GC_TIME = 5 * 60 * 1000;
export const QUERY_RETRY = 3;
/** Exponential retry backoff is capped at 30 s. */
export const QUERY_RETRY_DELAY_MAX = 30_000;
