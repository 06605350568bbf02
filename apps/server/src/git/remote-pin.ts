import type { RepoUrl } from './repo-url';

/**
 * Where an ssh or git:// connection must go: the addresses `validateRepoUrl` checked. git and ssh
 * would otherwise resolve the name again, and a DNS answer that changes in between (DNS
 * rebinding) would send them to an internal address. https is pinned by curl itself
 * (`http.curloptResolve`, see repository.ts).
 */
export interface RemotePin {
  protocol: 'ssh' | 'git';
  /** The host as written in the URL: host keys are recorded under it, the git proxy checks it. */
  host: string;
  port: number | null;
  /** The checked addresses, in resolver order; never empty. */
  addresses: [string, ...string[]];
}

/** The pin for a checked ssh or git:// URL; null when nothing was checked or curl pins itself. */
export function remotePin(url: RepoUrl): RemotePin | null {
  const [first, ...rest] = url.addresses;
  if ((url.protocol !== 'ssh' && url.protocol !== 'git') || first === undefined) return null;
  return { protocol: url.protocol, host: url.host, port: url.port, addresses: [first, ...rest] };
}
