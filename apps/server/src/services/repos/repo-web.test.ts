import { describe, expect, it } from 'vitest';
import { fileWebUrl, repoNameFromUrl } from './repo-web';

const C = '0123456789abcdef0123456789abcdef01234567';

describe('repository names and file links from the stored URL', () => {
  it('names a repository after the last path segment without .git', () => {
    expect(repoNameFromUrl('https://github.com/o/r.git')).toBe('r');
    expect(repoNameFromUrl('git@github.com:o/r.git')).toBe('r');
    expect(repoNameFromUrl('ssh://git@host:2222/group/sub/project')).toBe('project');
    expect(repoNameFromUrl('git://127.0.0.1:9418/two.git')).toBe('two');
    expect(repoNameFromUrl('file:///tmp/x/many.git')).toBe('many');
    expect(repoNameFromUrl('https://example.com/r.git/')).toBe('r');
  });

  it('links to the file page of GitHub, GitLab, Bitbucket and Gitea, from https and ssh URLs', () => {
    const path = 'src/a b/ü#1.ts';
    const encoded = 'src/a%20b/%C3%BC%231.ts';
    expect(fileWebUrl('https://github.com/o/r.git', C, path)).toBe(
      `https://github.com/o/r/blob/${C}/${encoded}`,
    );
    expect(fileWebUrl('git@github.com:o/r.git', C, 'x.ts')).toBe(
      `https://github.com/o/r/blob/${C}/x.ts`,
    );
    expect(fileWebUrl('ssh://git@github.com/o/r.git', C, 'x.ts')).toBe(
      `https://github.com/o/r/blob/${C}/x.ts`,
    );
    expect(fileWebUrl('https://gitlab.com/g/sub/p.git', C, 'x.ts')).toBe(
      `https://gitlab.com/g/sub/p/-/blob/${C}/x.ts`,
    );
    expect(fileWebUrl('ssh://git@gitlab.example.org:2222/g/p.git', C, 'x.ts')).toBe(
      `https://gitlab.example.org/g/p/-/blob/${C}/x.ts`,
    );
    expect(fileWebUrl('https://gitlab.example.org:8443/g/p', C, 'x.ts')).toBe(
      `https://gitlab.example.org:8443/g/p/-/blob/${C}/x.ts`,
    );
    expect(fileWebUrl('git@bitbucket.org:team/r.git', C, 'x.ts')).toBe(
      `https://bitbucket.org/team/r/src/${C}/x.ts`,
    );
    expect(fileWebUrl('https://codeberg.org/o/r.git', C, 'x.ts')).toBe(
      `https://codeberg.org/o/r/src/commit/${C}/x.ts`,
    );
    expect(fileWebUrl('https://gitea.com/o/r', C, 'x.ts')).toBe(
      `https://gitea.com/o/r/src/commit/${C}/x.ts`,
    );
    expect(fileWebUrl('https://gitea.example.net/o/r', C, 'x.ts')).toBe(
      `https://gitea.example.net/o/r/src/commit/${C}/x.ts`,
    );
  });

  it('has no link for other hosts and local repositories', () => {
    expect(fileWebUrl('https://example.com/o/r.git', C, 'x.ts')).toBeNull();
    expect(fileWebUrl('git://127.0.0.1:9418/two.git', C, 'x.ts')).toBeNull();
    expect(fileWebUrl('file:///tmp/github.com/r.git', C, 'x.ts')).toBeNull();
    expect(fileWebUrl('https://notgithub.com/o/r', C, 'x.ts')).toBeNull();
  });
});
