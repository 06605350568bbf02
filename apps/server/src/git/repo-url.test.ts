import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index';
import { nonPublicReason, parseLooseIpv4 } from './address-policy';
import { parseRepoUrl, validateRepoUrl } from './repo-url';

const strict = { allowLocal: false, allowPrivateNetwork: false };
const open = { allowLocal: true, allowPrivateNetwork: true };

/** The 400 a URL is refused with. */
async function refusal(url: string, policy = strict): Promise<AppError> {
  try {
    await validateRepoUrl(url, policy);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    return error as AppError;
  }
  throw new Error(`${url} was accepted`);
}

describe('validateRepoUrl', () => {
  it('accepts https, ssh, scp-like and git URLs and normalises them', () => {
    expect(parseRepoUrl('https://GitHub.com/org/repo.git', strict)).toMatchObject({
      protocol: 'https',
      host: 'github.com',
      port: null,
      path: '/org/repo.git',
      display: 'https://github.com/org/repo.git',
    });
    expect(parseRepoUrl('ssh://git@example.com:2222/org/repo.git', strict)).toMatchObject({
      protocol: 'ssh',
      host: 'example.com',
      port: 2222,
      user: 'git',
      display: 'ssh://git@example.com:2222/org/repo.git',
    });
    expect(parseRepoUrl('git@example.com:org/repo.git', strict)).toMatchObject({
      protocol: 'ssh',
      host: 'example.com',
      user: 'git',
      path: 'org/repo.git',
      display: 'git@example.com:org/repo.git',
    });
    expect(parseRepoUrl('git://example.com/repo', strict)).toMatchObject({
      protocol: 'git',
      port: null,
    });
  });

  it('checks every resolved address of a public literal and keeps them for pinning', async () => {
    const url = await validateRepoUrl('https://140.82.112.3/org/repo.git', strict);
    expect(url.addresses).toEqual(['140.82.112.3']);
  });

  it.each([
    ['http://example.com/r.git', 'protocol http is not allowed'],
    ['ftp://example.com/r.git', 'protocol ftp is not allowed'],
    ['ext::sh -c touch% /tmp/pwned', 'control characters and whitespace are not allowed'],
    ['ext::sh%20-c%20id', 'protocol ext is not allowed'],
    ['fd::17', 'protocol fd is not allowed'],
    ['/srv/git/repo.git', 'local paths are not allowed'],
  ])('refuses other protocols: %s', async (url, rule) => {
    expect((await refusal(url)).message).toContain(rule);
  });

  it('accepts file:// only with ALLOW_LOCAL_REPOS=1', async () => {
    expect((await refusal('file:///srv/git/repo.git')).message).toContain(
      'file:// URLs are only allowed with ALLOW_LOCAL_REPOS=1',
    );
    await expect(
      validateRepoUrl('file:///srv/git/repo.git', { ...strict, allowLocal: true }),
    ).resolves.toMatchObject({
      protocol: 'file',
      display: 'file:///srv/git/repo.git',
    });
  });

  it.each([
    ['-u/tmp/x', "must not start with '-'"],
    ['--upload-pack=touch /tmp/pwned', 'control characters and whitespace'],
    ['--upload-pack=id', "must not start with '-'"],
    ['ssh://-oProxyCommand=id/repo', 'host must start with a letter or digit'],
    ['ssh://-oProxyCommand=id@example.com/repo', 'user must start with a letter or digit'],
    ['git@-oProxyCommand=id:repo', 'host must start with a letter or digit'],
    ['https://.example.com/repo', 'host must start with a letter or digit'],
    ['ssh://git@example.com/-repo', "the path must not start with '-'"],
    ['git@example.com:-repo', "the path must not start with '-'"],
  ])('refuses option injection: %s', async (url, rule) => {
    expect((await refusal(url)).message).toContain(rule);
  });

  it.each([
    'https://alice:s3cr3t-token@example.com/org/repo.git',
    'https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/org/repo.git',
    'ssh://git:s3cr3t-token@example.com/org/repo.git',
    'git:s3cr3t-token@example.com:org/repo.git',
  ])('refuses credentials in the URL without repeating them: %s', async (url) => {
    const error = await refusal(url);
    expect(error.message).toContain('credentials in the URL are not allowed');
    expect(JSON.stringify(error.toBody())).not.toMatch(/s3cr3t|ghp_|alice/);
  });

  it.each([
    'https://example.com/a b',
    'https://example.com/a\nb',
    'https://example.com/\u0000',
    'https://exa\tmple.com/',
  ])('refuses control characters and whitespace: %j', async (url) => {
    expect((await refusal(url)).message).toContain(
      'control characters and whitespace are not allowed',
    );
  });

  it.each([
    'https://example.com/org/repo.git%0a',
    'https://example.com/org%0D%0Aevil/repo.git',
    'https://example.com/org/repo%00.git',
    'ssh://git@example.com/org/%0arepo.git',
    'git@example.com:org/repo%1b[31m.git',
    'git@example.com:org/repo%1F.git',
    'git://example.com/repo%7f',
    'https://example.com%0a.evil.com/repo.git',
  ])('refuses percent-encoded control characters anywhere, in any case: %s', async (url) => {
    expect((await refusal(url, open)).message).toContain(
      'percent-encoded control characters (%00-%1f, %7f) are not allowed',
    );
  });

  it('keeps other percent-encoded bytes (a space, non-ASCII names)', () => {
    expect(parseRepoUrl('https://example.com/org/my%20repo%C3%A9.git', strict).path).toBe(
      '/org/my%20repo%C3%A9.git',
    );
  });

  it.each([
    ['https://example.com:25/r.git', 'port 25 is not allowed (below 1024 only 22, 80 and 443 are)'],
    ['ssh://git@example.com:53/r.git', 'port 53 is not allowed'],
    ['git://example.com:445/r', 'port 445 is not allowed'],
    ['https://example.com:1023/r.git', 'port 1023 is not allowed'],
    ['git://example.com:1/r', 'port 1 is not allowed'],
  ])('refuses privileged ports other than 22, 80 and 443: %s', async (url, rule) => {
    expect((await refusal(url, open)).message).toContain(rule);
  });

  it.each([
    'ssh://git@example.com:22/r.git',
    'https://example.com:443/r.git',
    'https://example.com:80/r.git',
    'git://example.com:9418/r',
    'https://example.com:1024/r.git',
    'ssh://git@example.com:2222/r.git',
  ])('accepts the usual ports and any port from 1024: %s', (url) => {
    expect(parseRepoUrl(url, strict).port).toBe(Number(/:(\d+)\//.exec(url)?.[1]));
  });

  it.each([
    ['git://127.0.0.1/r', 'address 127.0.0.1 is loopback'],
    ['https://2130706433/r', 'address 127.0.0.1 is loopback'],
    ['https://0177.0.0.1/r', 'address 127.0.0.1 is loopback'],
    ['https://0x7f.1/r', 'address 127.0.0.1 is loopback'],
    ['https://127.1/r', 'address 127.0.0.1 is loopback'],
    ['https://[::ffff:127.0.0.1]/r', 'address ::ffff:127.0.0.1 is IPv4-mapped'],
    ['https://[::ffff:7f00:1]/r', 'is IPv4-mapped'],
    ['https://[::1]/r', 'address ::1 is loopback'],
    ['ssh://git@10.0.0.1/r', 'address 10.0.0.1 is private'],
    ['git@192.168.1.20:r', 'address 192.168.1.20 is private'],
    ['https://172.16.5.4/r', 'address 172.16.5.4 is private'],
    ['https://169.254.169.254/r', 'address 169.254.169.254 is link-local'],
    ['https://100.64.0.1/r', 'address 100.64.0.1 is shared (CGNAT)'],
    ['https://[fd00::1]/r', 'address fd00::1 is unique-local'],
    ['https://[fe80::1]/r', 'address fe80::1 is link-local'],
    ['https://224.0.0.1/r', 'address 224.0.0.1 is multicast'],
    ['https://0.0.0.0/r', 'address 0.0.0.0 is unspecified'],
    ['https://0/r', 'address 0.0.0.0 is unspecified'],
    ['https://localhost/r', 'is loopback'],
  ])('refuses non-public addresses without ALLOW_PRIVATE_NETWORK: %s', async (url, rule) => {
    expect((await refusal(url)).message).toContain(rule);
    // The same URL passes once ALLOW_PRIVATE_NETWORK=1.
    await expect(validateRepoUrl(url, open)).resolves.toHaveProperty('host');
  });
});

describe('address policy', () => {
  it('reads IPv4 in every inet_aton spelling', () => {
    expect(parseLooseIpv4('2130706433')).toBe('127.0.0.1');
    expect(parseLooseIpv4('0177.0.0.01')).toBe('127.0.0.1');
    expect(parseLooseIpv4('0x7f000001')).toBe('127.0.0.1');
    expect(parseLooseIpv4('10.1')).toBe('10.0.0.1');
    expect(parseLooseIpv4('example.com')).toBeNull();
    expect(parseLooseIpv4('256.1.1.1')).toBeNull();
  });

  it('lets public addresses through', () => {
    expect(nonPublicReason('140.82.112.3')).toBeNull();
    expect(nonPublicReason('2606:4700:4700::1111')).toBeNull();
  });
});
