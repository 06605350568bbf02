import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemotePin } from './remote-pin';

/**
 * How git reaches ssh remotes: one `ssh` command line with every option pinned, so neither the
 * user's nor the system's ssh configuration, agent or known hosts play any part.
 */

/** A private key for one git command (OpenSSH format, as the ssh-key service unseals it). */
export interface SshKeyMaterial {
  privateKey: string;
}

/** The per-user known_hosts file: first use records the host key, later changes are refused. */
export function knownHostsPath(dataDir: string, userId: string): string {
  const dir = join(dataDir, 'ssh', 'known_hosts');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, userId.replace(/[^A-Za-z0-9_-]/g, '_'));
}

/** POSIX shell quoting: git runs GIT_SSH_COMMAND through `sh -c`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Writes the key 0600 into the (0700) session folder and returns its path. */
export function writeKeyFile(sessionDir: string, key: SshKeyMaterial): string {
  const file = join(sessionDir, 'id');
  writeFileSync(file, key.privateKey.endsWith('\n') ? key.privateKey : `${key.privateKey}\n`, {
    mode: 0o600,
  });
  return file;
}

/**
 * Connects to the first checked address instead of resolving the name again, while the host key
 * is still recorded and checked under the name (`HostKeyAlias` is used verbatim, hence the
 * known_hosts form with the port), so known_hosts files and `recordedHostKeys` stay as they were.
 */
function pinOptions(pin: RemotePin): string[] {
  return [
    `-o HostName=${shellQuote(pin.addresses[0])}`,
    `-o HostKeyAlias=${shellQuote(knownHostsName(pin.host, pin.port))}`,
  ];
}

/** The GIT_SSH_COMMAND value; `keyFile` null means no identity at all (auth will fail). */
export function sshCommand(options: {
  keyFile: string | null;
  knownHostsFile: string;
  connectTimeoutSeconds: number;
  /** The checked addresses of an ssh remote (see `remotePin`). */
  pin?: RemotePin;
}): string {
  const args = [
    'ssh',
    '-F',
    '/dev/null',
    ...(options.keyFile ? ['-i', shellQuote(options.keyFile)] : []),
    '-o IdentitiesOnly=yes',
    '-o IdentityAgent=none',
    '-o BatchMode=yes',
    '-o PasswordAuthentication=no',
    '-o KbdInteractiveAuthentication=no',
    '-o StrictHostKeyChecking=accept-new',
    `-o UserKnownHostsFile=${shellQuote(options.knownHostsFile)}`,
    '-o GlobalKnownHostsFile=/dev/null',
    '-o HashKnownHosts=no',
    '-o UpdateHostKeys=no',
    '-o CheckHostIP=no',
    '-o ProxyCommand=none',
    '-o ProxyJump=none',
    '-o PermitLocalCommand=no',
    '-o ForwardAgent=no',
    '-o ForwardX11=no',
    '-o ClearAllForwardings=yes',
    `-o ConnectTimeout=${Math.max(1, Math.round(options.connectTimeoutSeconds))}`,
    '-o ServerAliveInterval=15',
    '-o ServerAliveCountMax=4',
    '-o LogLevel=ERROR',
    ...(options.pin ? pinOptions(options.pin) : []),
  ];
  if (!options.keyFile) args.push('-o PubkeyAuthentication=no');
  return args.join(' ');
}

/** The name known_hosts uses for a host: `host`, or `[host]:port` for a non-default port. */
export function knownHostsName(host: string, port: number | null): string {
  return port === null || port === 22 ? host : `[${host}]:${port}`;
}

/**
 * The SHA256 fingerprints recorded for a host in a known_hosts file (the file is written by ssh
 * with HashKnownHosts=no, so names are plain). Empty when nothing is recorded yet.
 */
export function recordedHostKeys(
  knownHostsFile: string,
  host: string,
  port: number | null,
): string[] {
  let text: string;
  try {
    text = readFileSync(knownHostsFile, 'utf8');
  } catch {
    return [];
  }
  const name = knownHostsName(host, port);
  const fingerprints: string[] = [];
  for (const line of text.split('\n')) {
    const [names, , blob] = line.trim().split(/\s+/);
    if (!names || !blob || !names.split(',').includes(name)) continue;
    const digest = createHash('sha256').update(Buffer.from(blob, 'base64')).digest('base64');
    fingerprints.push(`SHA256:${digest.replace(/=+$/, '')}`);
  }
  return fingerprints;
}
