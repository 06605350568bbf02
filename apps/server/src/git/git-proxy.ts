import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitError } from './git-error';
import type { RemotePin } from './remote-pin';

/**
 * git:// pinning. git opens git:// connections itself and would resolve the host name again; with
 * GIT_PROXY_COMMAND set it runs that executable as `<proxy> <host> <port>` (without a shell) and
 * talks over its stdin/stdout instead. This proxy connects only to the checked addresses, only
 * for the host and port it was pinned for, and ends with the connection. It runs as a child of
 * git, so it is in git's process group and dies with it on a timeout or abort.
 */

const DEFAULT_GIT_PORT = 9418;

/**
 * The proxy, CommonJS whatever package.json lies above it (`.cjs`). It reads nothing but its
 * arguments and the CODEDOCS_GIT_PIN_* variables, and tries the addresses in order until one
 * connects. Ending stdin half-closes the socket (git's flush at the end of a v2 session).
 */
const PROXY_SOURCE = String.raw`'use strict';
const net = require('node:net');
const [host, port] = process.argv.slice(2);
const env = process.env;
const fail = (message) => {
  process.stderr.write('codedocs git proxy: ' + message + '\n');
  process.exit(1);
};
if (host !== env.CODEDOCS_GIT_PIN_HOST || port !== env.CODEDOCS_GIT_PIN_PORT) {
  fail('refusing ' + host + ':' + port + ', which is not the pinned remote');
}
const addresses = (env.CODEDOCS_GIT_PIN || '').split(',').filter((address) => net.isIP(address));
if (addresses.length === 0) fail('no pinned address');
function attempt(index) {
  let connected = false;
  const socket = net.connect(Number(port), addresses[index]);
  socket.once('connect', () => {
    connected = true;
    process.stdin.pipe(socket);
    socket.pipe(process.stdout);
  });
  socket.on('error', (error) => {
    if (connected) process.exit(1);
    else if (index + 1 < addresses.length) attempt(index + 1);
    else fail(error.message);
  });
  socket.on('close', () => {
    if (connected) process.stdout.write('', () => process.exit(0));
  });
}
process.stdout.on('error', () => process.exit(0));
attempt(0);
`;

/** Writes the proxy (0700) into the private session folder and returns its path. */
export function writeGitProxy(sessionDir: string): string {
  // The kernel ends the interpreter path at the first blank.
  if (/\s/.test(process.execPath)) {
    throw new GitError('spawn_failed', 'git:// needs a node path without spaces for its proxy');
  }
  const file = join(sessionDir, 'git-proxy.cjs');
  writeFileSync(file, `#!${process.execPath}\n${PROXY_SOURCE}`, { mode: 0o700 });
  return file;
}

/**
 * The variables that make git use the proxy. GIT_PROXY_COMMAND wins over any core.gitProxy
 * setting, so no repository configuration can replace it.
 */
export function gitProxyEnvironment(pin: RemotePin, proxyPath: string): Record<string, string> {
  return {
    GIT_PROXY_COMMAND: proxyPath,
    CODEDOCS_GIT_PIN_HOST: pin.host,
    CODEDOCS_GIT_PIN_PORT: String(pin.port ?? DEFAULT_GIT_PORT),
    CODEDOCS_GIT_PIN: pin.addresses.join(','),
  };
}
