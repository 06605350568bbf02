import Cookies from 'js-cookie';
import { JWT_COOKIE, PLAN_COOKIE } from '@codedocs/contract';

type OriginLocation = Pick<Location, 'protocol' | 'hostname'>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * True on a plain-http origin other than localhost / 127.0.0.1 / [::1]. Chromium drops
 * Secure cookies there (DESIGN.md section 5), so cookies fall back to a non-Secure, Lax
 * form and the shell shows a notice recommending https.
 */
export function isInsecureOrigin(location: OriginLocation = window.location): boolean {
  if (location.protocol !== 'http:') return false;
  const host = location.hostname.toLowerCase();
  return !LOOPBACK_HOSTS.has(host) && !host.endsWith('.localhost');
}

/**
 * Attributes for the `jwt` and `ps` cookies: exactly the spec's (path "/", Secure,
 * SameSite=None) wherever the browser keeps them, else the insecure-origin fallback.
 */
export function cookieAttributes(
  location: OriginLocation = window.location,
): Cookies.CookieAttributes {
  return isInsecureOrigin(location)
    ? { path: '/', secure: false, sameSite: 'Lax' }
    : { path: '/', secure: true, sameSite: 'None' };
}

/** The credential cookie, or undefined when the visitor has none. */
export function getJwt(): string | undefined {
  return Cookies.get(JWT_COOKIE);
}

/** Stores the credential cookie. */
export function setJwt(token: string): void {
  Cookies.set(JWT_COOKIE, token, cookieAttributes());
}

/** Deletes the credential cookie. */
export function removeJwt(): void {
  Cookies.remove(JWT_COOKIE, cookieAttributes());
}

/** The plan token cookie (`ps`), sent as the `x-plan` header, or undefined. */
export function getPlanToken(): string | undefined {
  return Cookies.get(PLAN_COOKIE);
}

/** Stores the plan token cookie. */
export function setPlanToken(token: string): void {
  Cookies.set(PLAN_COOKIE, token, cookieAttributes());
}

/** Deletes the plan token cookie. */
export function removePlanToken(): void {
  Cookies.remove(PLAN_COOKIE, cookieAttributes());
}
