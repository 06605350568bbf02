import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RemotePin } from './remote-pin';
import { sshCommand } from './ssh-transport';

/** The arguments ssh would get: git runs GIT_SSH_COMMAND through `sh -c`, so does this. */
function shellArgs(command: string): string[] {
  const printed = execFileSync('sh', ['-c', command.replace(/^ssh /, `printf '%s\\n' `)], {
    encoding: 'utf8',
  });
  return printed.split('\n').slice(0, -1);
}

const base = { keyFile: null, knownHostsFile: '/tmp/known hosts', connectTimeoutSeconds: 10 };

describe('sshCommand', () => {
  it('pins ssh to the first checked address and keeps the host key under the name', () => {
    const pin: RemotePin = {
      protocol: 'ssh',
      host: 'git.example.com',
      port: 2222,
      addresses: ['2001:db8::1', '192.0.2.1'],
    };
    const args = shellArgs(sshCommand({ ...base, pin }));
    expect(args).toContain('HostName=2001:db8::1');
    // Quoted: unquoted, sh would treat the brackets as a glob.
    expect(args).toContain('HostKeyAlias=[git.example.com]:2222');
    expect(args).toContain('UserKnownHostsFile=/tmp/known hosts');
    expect(args).not.toContain('HostName=192.0.2.1');
  });

  it('uses the bare name as alias on the default port', () => {
    const pin: RemotePin = {
      protocol: 'ssh',
      host: 'h.example',
      port: null,
      addresses: ['1.1.1.1'],
    };
    const args = shellArgs(sshCommand({ ...base, pin }));
    expect(args).toContain('HostName=1.1.1.1');
    expect(args).toContain('HostKeyAlias=h.example');
  });

  it('adds no pin when there is none (file://, ALLOW_PRIVATE_NETWORK=1)', () => {
    const command = sshCommand(base);
    expect(command).not.toMatch(/HostName|HostKeyAlias/);
  });
});
