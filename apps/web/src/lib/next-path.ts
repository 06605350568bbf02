import { NEXT_PARAM, paths } from '@/config/paths';

/** The login address that brings the visitor back to `intendedPath` afterwards. */
export function loginPathWithNext(intendedPath: string): string {
  const search = new URLSearchParams({ [NEXT_PARAM]: intendedPath });
  return `${paths.auth.login}?${search.toString()}`;
}

/**
 * Where a logged-in visitor goes from /auth: the `next` parameter when it points inside /app
 * (so it can never lead to another origin), else /app.
 */
export function nextPathFrom(search: URLSearchParams): string {
  const next = search.get(NEXT_PARAM);
  const isInsideApp =
    next !== null && (next === paths.app.root || next.startsWith(`${paths.app.root}/`));
  return isInsideApp ? next : paths.app.root;
}
