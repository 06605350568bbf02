import { describe, expect, it } from 'vitest';
import { explainConnectFailure, suggestUrl, transportLabel } from './connect-failure';

describe('explainConnectFailure', () => {
  it.each([
    [
      'git failed: error: object 1f2e: zeroPaddedFilemode: contains zero-padded file modes fatal: fsck error in packed object fatal: fetch-pack: invalid index-pack output',
      "The repository's history could not be read: object 1f2e: zeroPaddedFilemode: contains zero-padded file modes",
    ],
    [
      "git failed: fatal: unable to access 'https://h/x.git/': Could not resolve host: h",
      'The host could not be reached: check the address, or try again later.',
    ],
    [
      'git failed: fatal: could not read Username for https://h: terminal prompts disabled',
      'The server refused access: check the URL or use SSH with a key.',
    ],
    [
      'git failed: git@h: Permission denied (publickey). fatal: Could not read from remote repository.',
      'The server refused access: check the URL or use SSH with a key.',
    ],
    ['git failed: fatal: something new', 'Git could not clone the repository: something new'],
  ])('turns git words into a sentence: %s', (error, sentence) => {
    const explained = explainConnectFailure(error);
    expect(explained.sentence).toBe(sentence);
    expect(explained.sentence).not.toMatch(/^git failed|fatal:/);
    expect(explained.detail).toBe(error);
  });

  it('keeps a sentence the server wrote, without a detail', () => {
    expect(explainConnectFailure('The branch dev does not exist in this repository')).toEqual({
      sentence: 'The branch dev does not exist in this repository',
      detail: null,
    });
    expect(explainConnectFailure(null).sentence).toBe('The repository could not be connected.');
  });
});

describe('suggestUrl and transportLabel', () => {
  it('suggests https for a host and path without a scheme, nothing otherwise', () => {
    expect(suggestUrl('github.com/pallets/flask')).toBe('https://github.com/pallets/flask');
    expect(suggestUrl(' gitlab.example.org:8443/a/b.git ')).toBe(
      'https://gitlab.example.org:8443/a/b.git',
    );
    for (const input of [
      'https://github.com/pallets/flask',
      'git@github.com:pallets/flask.git',
      '/srv/git/flask',
      './flask',
      'flask',
      '',
    ]) {
      expect(suggestUrl(input), input).toBeNull();
    }
  });

  it('labels git:// as git and http:// as http', () => {
    expect(transportLabel('git://h/x.git', 'https')).toBe('git');
    expect(transportLabel('http://h/x.git', 'https')).toBe('http');
    expect(transportLabel('https://h/x.git', 'https')).toBe('https');
    expect(transportLabel('git@h:x.git', 'ssh')).toBe('ssh');
  });
});
