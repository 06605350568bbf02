import { NEXT_PARAM, paths } from '@/config/paths';

/** The login address that brings the visitor back to `intendedPath` afterwards. */
export function loginPathWithNext(intendedPath: string): string {
  const search = new URLSearchParams({ [NEXT_PARAM]: intendedPath });
  return `${paths.auth.login}?${search.toString()}`;
}

/** An invitation page (`/invite/folder/private/<slug>`), where a login may return to. */
const INVITE_PAGE = /^\/invite\/folder\/private\/[^/?#\\]+$/;

/**
 * Where a logged-in visitor goes from /auth: the `next` parameter when it points inside /app or
 * at an invitation page (so it can never lead to another origin), else /app.
 */
export function nextPathFrom(search: URLSearchParams): string {
  const next = search.get(NEXT_PARAM);
  if (next === null) return paths.app.root;
  const isInsideApp = next === paths.app.root || next.startsWith(`${paths.app.root}/`);
  return isInsideApp || INVITE_PAGE.test(next) ? next : paths.app.root;
}
