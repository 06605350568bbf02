/**
 * What a failed connect means for the person who asked, in one sentence they can act on, with
 * git's own words kept as the technical detail. The server's task error is one sanitised line:
 * either a sentence it wrote itself (a refused URL, a missing branch, a refused fsck) or the tail
 * of git's stderr. Only the latter is translated here.
 */
export interface ConnectFailureExplained {
  /** The sentence shown as the card's message. */
  sentence: string;
  /** What git (or the server) said, behind a disclosure; null when it adds nothing. */
  detail: string | null;
}

const HISTORY =
  /fsck|invalid index-pack|index-pack (?:died|failed)|did not send all necessary objects|bad object|corrupt|unpack-objects|malformed/i;
const REFUSED =
  /authentication failed|could not read username|permission denied|access denied|403|401|repository not found|not found|does not appear to be a git repository|access rights|host key verification failed|terminal prompts disabled/i;
const UNREACHABLE =
  /could not resolve|name or service not known|temporary failure in name resolution|connection refused|connection timed out|timed out|network is unreachable|no route to host|unable to connect|couldn't connect|failed to connect|connection reset|ssl|tls|certificate/i;

/** The first ` fatal: …`/`error: …` clause of git's text, without the prefixes. */
function gitReason(text: string): string {
  const clauses = text
    .split(/(?:^|\s)(?:fatal|error|remote):\s*/i)
    .map((part) => part.trim().replace(/^git failed:?\s*/i, ''))
    .filter(Boolean);
  return clauses[0] ?? text.trim();
}

/** Explains a connect task's error (see ConnectFailureExplained). */
export function explainConnectFailure(error: string | null | undefined): ConnectFailureExplained {
  const text = (error ?? '').trim();
  if (text === '') {
    return { sentence: 'The repository could not be connected.', detail: null };
  }
  const fromGit = /^git failed|^fatal:|^error:|\bfatal:|fetch-pack|index-pack|ssh:|remote:/i.test(
    text,
  );
  if (!fromGit) return { sentence: text, detail: null };
  if (HISTORY.test(text)) {
    return {
      sentence: `The repository's history could not be read: ${gitReason(text)}`,
      detail: text,
    };
  }
  if (UNREACHABLE.test(text)) {
    return {
      sentence: 'The host could not be reached: check the address, or try again later.',
      detail: text,
    };
  }
  if (REFUSED.test(text)) {
    return {
      sentence: 'The server refused access: check the URL or use SSH with a key.',
      detail: text,
    };
  }
  return { sentence: `Git could not clone the repository: ${gitReason(text)}`, detail: text };
}

/** How a repository URL is reached, for its badge: `git://` is not HTTPS. */
export function transportLabel(url: string, method: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url.trim())?.[1]?.toLowerCase();
  if (scheme === 'git') return 'git';
  if (scheme === 'http') return 'http';
  if (scheme === 'ssh' || scheme === 'git+ssh') return 'ssh';
  if (scheme === 'https') return 'https';
  return method;
}

/**
 * A URL typed without a scheme that looks like a host and a path (`github.com/pallets/flask`):
 * the https URL the person most likely meant, else null.
 */
export function suggestUrl(input: string): string | null {
  const text = input.trim();
  if (text === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return null;
  // scp-like ssh (git@host:path) is a URL already
  if (/^[^/\s:@]+@[^/\s:]+:/.test(text)) return null;
  const match = /^(?:www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?\/[^\s]+$/i.exec(text);
  if (!match) return null;
  return `https://${text.replace(/^\/+/, '')}`;
}
