import { scopedObjectId } from '@codedocs/db';
import { objectId, scopeObjectId } from '@codedocs/engine';
import { describe, expect, it } from 'vitest';
import { newId } from '../auth/random-id';
import { indexTaskId } from '../jobs/definitions/index';
import { fileIdOf } from './repos/file-rows';
import { repoDirectory } from './repos/repo-paths';

/**
 * Every id the server or the engine derives from content is keyed by what scopes it (see
 * docs/ARCHITECTURE.md, "What scopes each id"): the same path, name or commit in two
 * repositories, of one user or of two, never gives the same id.
 */
describe('derived ids never collide across repositories', () => {
  // two users connecting the same public repository get two repository ids
  const repoA = newId();
  const repoB = newId();

  it('repository ids are random (UUIDs), so every other id below differs by repository', () => {
    expect(repoA).not.toBe(repoB);
    expect(repoA).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('object ids: engine and migration agree, and the repository is part of the id', () => {
    for (const [path, name, kind] of [
      ['src/app.py', 'Flask.run', 'method'],
      ['lib/index.js', 'createApplication', 'function'],
    ] as const) {
      const a = objectId(repoA, path, name, kind, 0);
      const b = objectId(repoB, path, name, kind, 0);
      expect(a).not.toBe(b);
      const unscoped = objectId('', path, name, kind, 0);
      expect(a).toBe(scopeObjectId(repoA, unscoped));
      expect(a).toBe(scopedObjectId(repoA, unscoped));
    }
  });

  it('file ids', () => {
    expect(fileIdOf(repoA, 'src/app.py')).not.toBe(fileIdOf(repoB, 'src/app.py'));
    expect(fileIdOf(repoA, 'src/app.py')).toBe(fileIdOf(repoA, 'src/app.py'));
  });

  it('index task ids (the same commit of the same remote in two repositories)', () => {
    const commit = 'a'.repeat(40);
    expect(indexTaskId(repoA, commit)).not.toBe(indexTaskId(repoB, commit));
  });

  it('clone folders', () => {
    expect(repoDirectory('/data', repoA)).not.toBe(repoDirectory('/data', repoB));
  });
});
