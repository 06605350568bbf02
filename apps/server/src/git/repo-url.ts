import { lookup } from 'node:dns/promises';
import { isIP, isIPv6 } from 'node:net';
import { badRequest } from '../errors/index';
import type { AppError } from '../errors/index';
import { nonPublicReason, parseLooseIpv4 } from './address-policy';

/** The protocols a repository may be cloned over; `file` only with ALLOW_LOCAL_REPOS=1. */
export type RepoProtocol = 'https' | 'ssh' | 'git' | 'file';

/** A repository URL that passed every rule, normalised. */
export interface RepoUrl {
  protocol: RepoProtocol;
  /** Lower-case host name or IP address (IPv6 without brackets); '' for file://. */
  host: string;
  /** The explicit port, or null for the protocol's default. */
  port: number | null;
  /** The ssh user; never set for https (a user there is a credential). */
  user?: string;
  /** The path as git receives it. */
  path: string;
  /** What git is given and what may be stored and shown: no credentials, normalised host. */
  display: string;
  /** The addresses the host resolved to when they were checked (empty when not checked). */
  addresses: string[];
}

export interface RepoUrlPolicy {
  allowLocal: boolean;
  allowPrivateNetwork: boolean;
}

const FIELD = 'body.external_repo_url';
const refuse = (rule: string): AppError => badRequest(FIELD, `Repository URL refused: ${rule}`);

const SCHEMES: Record<string, RepoProtocol> = {
  https: 'https',
  ssh: 'ssh',
  'git+ssh': 'ssh',
  'ssh+git': 'ssh',
  git: 'git',
  file: 'file',
};

const HOST_NAME = /^[a-z0-9][a-z0-9.-]*$/;
const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Checks a host (name, IPv4 in any spelling, or bracketed IPv6) and returns its normal form. */
function normaliseHost(raw: string): string {
  if (raw === '') throw refuse('the URL has no host');
  if (raw.startsWith('[') && raw.endsWith(']')) {
    const inner = raw.slice(1, -1);
    if (!isIPv6(inner)) throw refuse('the IPv6 address in brackets is not valid');
    return inner.toLowerCase();
  }
  const host = raw.toLowerCase();
  if (!/^[a-z0-9]/.test(host)) throw refuse('host must start with a letter or digit');
  if (!HOST_NAME.test(host))
    throw refuse('host may contain only letters, digits, dots and hyphens');
  return parseLooseIpv4(host) ?? host;
}

function checkUser(user: string): void {
  if (!USER_NAME.test(user)) {
    throw refuse('user must start with a letter or digit and contain only letters, digits, . _ -');
  }
}

function checkPath(path: string): void {
  if (path === '' || path === '/') throw refuse('the URL has no repository path');
  if (/^\/?-/.test(path)) throw refuse("the path must not start with '-'");
}

/**
 * Ports below 1024 that a repository may use: ssh, http (a proxy in front of a forge) and https.
 * Any other privileged port is a system service (smtp 25, dns 53, ldap 389, smb 445…) that a
 * crafted URL would make the server talk to. git:// is 9418, above the range.
 */
const PRIVILEGED_PORTS_ALLOWED = new Set([22, 80, 443]);

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port < 1 || port > 65535) throw refuse('port must be 1 to 65535');
  if (port < 1024 && !PRIVILEGED_PORTS_ALLOWED.has(port)) {
    throw refuse(`port ${port} is not allowed (below 1024 only 22, 80 and 443 are)`);
  }
  return port;
}

const bracketed = (host: string) => (isIPv6(host) ? `[${host}]` : host);

/** `scheme://authority/path` with the checks of each part; resolution happens later. */
function parseSchemeUrl(scheme: string, rest: string, policy: RepoUrlPolicy): RepoUrl {
  const protocol = SCHEMES[scheme];
  if (!protocol) throw refuse(`protocol ${scheme} is not allowed (use https, ssh or git)`);
  if (protocol === 'file') {
    if (!policy.allowLocal) throw refuse('file:// URLs are only allowed with ALLOW_LOCAL_REPOS=1');
    const path = rest.startsWith('localhost/') ? rest.slice('localhost'.length) : rest;
    if (!path.startsWith('/')) throw refuse('a file:// URL needs an absolute path');
    checkPath(path);
    return { protocol, host: '', port: null, path, display: `file://${path}`, addresses: [] };
  }
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash);
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? undefined : authority.slice(0, at);
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  if (userInfo !== undefined && (protocol !== 'ssh' || userInfo.includes(':'))) {
    throw refuse('credentials in the URL are not allowed');
  }
  if (userInfo !== undefined) checkUser(userInfo);
  let hostRaw = hostPort;
  let port: number | null = null;
  const closing = hostPort.lastIndexOf(']');
  const colon = hostPort.lastIndexOf(':');
  if (colon > closing) {
    hostRaw = hostPort.slice(0, colon);
    port = parsePort(hostPort.slice(colon + 1));
  }
  const host = normaliseHost(hostRaw);
  checkPath(path);
  if (/[?#]/.test(path)) throw refuse('query strings and fragments are not allowed');
  const user = userInfo === undefined ? '' : `${userInfo}@`;
  const display = `${protocol}://${user}${bracketed(host)}${port === null ? '' : `:${port}`}${path}`;
  return {
    protocol,
    host,
    port,
    ...(userInfo !== undefined && { user: userInfo }),
    path,
    display,
    addresses: [],
  };
}

/** `user@host:path`, git's scp-like ssh syntax (a colon before any slash). */
function parseScpLike(url: string): RepoUrl | null {
  const match = /^(?:([^@/]*)@)?(\[[^\]]*\]|[^/:[\]]*):(.*)$/.exec(url);
  if (!match) return null;
  const [, user, hostRaw = '', path = ''] = match;
  if (user !== undefined) {
    if (user.includes(':')) throw refuse('credentials in the URL are not allowed');
    checkUser(user);
  }
  const host = normaliseHost(hostRaw);
  checkPath(path);
  const display = `${user === undefined ? '' : `${user}@`}${bracketed(host)}:${path}`;
  return {
    protocol: 'ssh',
    host,
    port: null,
    ...(user !== undefined && { user }),
    path,
    display,
    addresses: [],
  };
}

/** The syntactic rules: everything that can be decided without the network. */
export function parseRepoUrl(input: string, policy: RepoUrlPolicy): RepoUrl {
  const url = input.trim();
  if (url === '') throw refuse('the URL is empty');
  // Whitespace and control characters split arguments or hide text in logs and terminals.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f]/.test(url)) {
    throw refuse('control characters and whitespace are not allowed');
  }
  // Encoded, they survive this check and come back as raw bytes wherever the URL is decoded
  // (git's http layer, an ssh path, a log line): a %0a splits a header or a log record.
  if (/%(?:[01][0-9a-f]|7f)/i.test(url)) {
    throw refuse('percent-encoded control characters (%00-%1f, %7f) are not allowed');
  }
  if (url.startsWith('-')) throw refuse("a URL must not start with '-' (option injection)");
  const transport = /^([A-Za-z][A-Za-z0-9+.-]*)::/.exec(url);
  if (transport)
    throw refuse(`protocol ${transport[1]?.toLowerCase()} is not allowed (use https, ssh or git)`);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.*)$/.exec(url);
  if (scheme) return parseSchemeUrl((scheme[1] ?? '').toLowerCase(), scheme[2] ?? '', policy);
  const scp = parseScpLike(url);
  if (scp) return scp;
  throw refuse('local paths are not allowed (use https://, ssh://, git:// or user@host:path)');
}

/** Every address a host name resolves to (what git's resolver could pick), or those of a literal. */
async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw refuse(`host ${host} could not be resolved`);
  }
}

/**
 * Checks a repository URL against every rule of DESIGN.md section 8 and returns its normal form,
 * or throws a 400 AppError whose message names the rule (and never repeats credentials). Resolves
 * the host and refuses private, loopback, link-local, unique-local, CGNAT, multicast, unspecified
 * and IPv4-embedding addresses unless `allowPrivateNetwork`.
 */
export async function validateRepoUrl(input: string, policy: RepoUrlPolicy): Promise<RepoUrl> {
  const url = parseRepoUrl(input, policy);
  if (url.protocol === 'file' || policy.allowPrivateNetwork) return url;
  const addresses = await resolveHost(url.host);
  if (addresses.length === 0) throw refuse(`host ${url.host} could not be resolved`);
  for (const address of addresses) {
    const reason = nonPublicReason(address);
    if (reason !== null) throw refuse(`address ${address} is ${reason}`);
  }
  return { ...url, addresses };
}
