/**
 * Removes what must never reach logs, errors or API answers from git's output (DESIGN.md section
 * 8): userinfo in URLs, bearer/basic authorisation values and well-known token shapes. Git itself
 * redacts less than this, and a URL the user typed may still carry a token despite validation
 * (e.g. in a redirect target the server announced).
 */
export function sanitizeGitOutput(text: string): string {
  return (
    text
      // scheme://user:password@host → scheme://***@host
      .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@')
      .replace(/(authorization:\s*)(\S+\s+)?\S+/gi, '$1***')
      .replace(
        /\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})\b/g,
        '***',
      )
      .replace(/\b(x-access-token|x-token-auth|oauth2):[^\s@]+/gi, '$1:***')
      // Control characters (terminal escapes from a hostile server) except newline and tab.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}
