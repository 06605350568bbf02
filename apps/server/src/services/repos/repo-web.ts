/**
 * What the stored (credential-free) repository URL says about the repository: its name and, on
 * the well-known forges, the web page of a file. Works on https, git and both ssh spellings.
 */

interface RemoteParts {
  protocol: string;
  host: string;
  /** Explicit port of an https URL (kept in web links); null otherwise. */
  webPort: string | null;
  /** The repository path without leading slash and without `.git`. */
  path: string;
}

function trimRepoPath(path: string): string {
  return path
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
}

/** Splits a stored URL (the git layer's `display` form) into its parts; null when unreadable. */
function remoteParts(url: string): RemoteParts | null {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(url);
  if (scheme) {
    const protocol = (scheme[1] ?? '').toLowerCase();
    const rest = scheme[2] ?? '';
    if (protocol === 'file') return { protocol, host: '', webPort: null, path: trimRepoPath(rest) };
    const slash = rest.indexOf('/');
    const authority = slash === -1 ? rest : rest.slice(0, slash);
    const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
    const port = /:(\d+)$/.exec(hostPort);
    const host = (port ? hostPort.slice(0, port.index) : hostPort).toLowerCase();
    return {
      protocol,
      host,
      webPort: port && protocol === 'https' ? (port[1] ?? null) : null,
      path: trimRepoPath(slash === -1 ? '' : rest.slice(slash)),
    };
  }
  const scp = /^(?:[^@/]*@)?([^/:]+):(.*)$/.exec(url);
  if (!scp) return null;
  return {
    protocol: 'ssh',
    host: (scp[1] ?? '').toLowerCase(),
    webPort: null,
    path: trimRepoPath(scp[2] ?? ''),
  };
}

/** The repository's name: the last path segment without `.git` (`o/r.git` → `r`). */
export function repoNameFromUrl(url: string): string {
  const path = remoteParts(url)?.path ?? url;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name || 'repository';
}

type Forge = 'github' | 'gitlab' | 'bitbucket' | 'gitea';

function forgeOf(host: string): Forge | null {
  if (host === 'github.com') return 'github';
  if (host === 'gitlab.com' || host.startsWith('gitlab.')) return 'gitlab';
  if (host === 'bitbucket.org') return 'bitbucket';
  if (host === 'codeberg.org' || host === 'gitea.com' || host.startsWith('gitea.')) return 'gitea';
  return null;
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The repository's page on GitHub, GitLab, Bitbucket or Gitea/Codeberg, or null. */
export function repoWebUrl(repoUrl: string): string | null {
  const parts = remoteParts(repoUrl);
  if (!parts || parts.protocol === 'file' || !parts.path || !forgeOf(parts.host)) return null;
  return `https://${parts.host}${parts.webPort ? `:${parts.webPort}` : ''}/${encodePath(parts.path)}`;
}

/**
 * The file's page on GitHub, GitLab, Bitbucket or Gitea/Codeberg at `commitId`, or null for
 * other hosts and local repositories.
 */
export function fileWebUrl(repoUrl: string, commitId: string, filePath: string): string | null {
  const parts = remoteParts(repoUrl);
  if (!parts || parts.protocol === 'file' || !parts.path) return null;
  const forge = forgeOf(parts.host);
  if (!forge) return null;
  const base = `https://${parts.host}${parts.webPort ? `:${parts.webPort}` : ''}/${encodePath(parts.path)}`;
  const file = encodePath(filePath);
  switch (forge) {
    case 'github':
      return `${base}/blob/${commitId}/${file}`;
    case 'gitlab':
      return `${base}/-/blob/${commitId}/${file}`;
    case 'bitbucket':
      return `${base}/src/${commitId}/${file}`;
    case 'gitea':
      return `${base}/src/commit/${commitId}/${file}`;
  }
}
