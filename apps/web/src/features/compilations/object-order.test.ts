import { describe, expect, it } from 'vitest';
import type { CompilationRepository, ListedObject } from '@codedocs/contract';
import { filterObjects, groupByRepository, moveNextTo, moveWithinRepository } from './object-order';

const object = (id: string, repo: string, kind = 'function'): ListedObject => ({
  object_id: id,
  repo_id: repo,
  repo_name: `${repo}-name`,
  name: id,
  qualified_name: `mod.${id}`,
  kind,
  language: 'typescript',
  file_id: null,
  file_path: `${id}.ts`,
  line_start: 1,
  status: 'documented',
  summary: null,
});

// a1 b1 a2 b2 a3: two repositories interleaved in the saved order
const objects = [
  object('a1', 'A'),
  object('b1', 'B', 'class'),
  object('a2', 'A'),
  object('b2', 'B'),
  object('a3', 'A', 'class'),
];

describe('moving an object within its repository', () => {
  it('swaps it with the neighbour of the same repository', () => {
    expect(moveWithinRepository(objects, 'a2', -1)).toEqual(['a2', 'b1', 'a1', 'b2', 'a3']);
    expect(moveWithinRepository(objects, 'a2', 1)).toEqual(['a1', 'b1', 'a3', 'b2', 'a2']);
    expect(moveWithinRepository(objects, 'b2', -1)).toEqual(['a1', 'b2', 'a2', 'b1', 'a3']);
  });

  it('does nothing at either end of its repository', () => {
    expect(moveWithinRepository(objects, 'a1', -1)).toBeNull();
    expect(moveWithinRepository(objects, 'b2', 1)).toBeNull();
    expect(moveWithinRepository(objects, 'missing', 1)).toBeNull();
  });

  it('drops a dragged object before or after another of the same repository only', () => {
    // the other repository's objects keep their places
    expect(moveNextTo(objects, 'a3', 'a1', false)).toEqual(['a3', 'b1', 'a1', 'b2', 'a2']);
    expect(moveNextTo(objects, 'a1', 'a2', true)).toEqual(['a2', 'b1', 'a1', 'b2', 'a3']);
    expect(moveNextTo(objects, 'b1', 'b2', true)).toEqual(['a1', 'b2', 'a2', 'b1', 'a3']);
    expect(moveNextTo(objects, 'a1', 'b1', true)).toBeNull();
    expect(moveNextTo(objects, 'a1', 'a2', false)).toBeNull();
    expect(moveNextTo(objects, 'a1', 'a1', false)).toBeNull();
  });
});

describe('grouping and filtering', () => {
  const repositories: CompilationRepository[] = [
    {
      repo_id: 'A',
      repo_name: 'alpha',
      repo_url: 'https://git.example/alpha',
      last_updated: null,
      files: 3,
      objects: 3,
    },
  ];

  it('groups by repository in order of first appearance, describing unknown ones from their objects', () => {
    const rows = groupByRepository(objects, repositories);
    expect(rows.map((row) => row.key)).toEqual(['repo:A', 'a1', 'a2', 'a3', 'repo:B', 'b1', 'b2']);
    const b = rows[4]!;
    expect(b.type === 'repo' && b.repo).toMatchObject({
      repo_name: 'B-name',
      objects: 2,
      files: 2,
    });
  });

  it('filters by name (qualified, any case), type and repository', () => {
    const ids = (list: ListedObject[]) => list.map((o) => o.object_id);
    expect(ids(filterObjects(objects, { name: 'MOD.A', kind: null, repoId: null }))).toEqual([
      'a1',
      'a2',
      'a3',
    ]);
    expect(ids(filterObjects(objects, { name: '', kind: 'class', repoId: null }))).toEqual([
      'b1',
      'a3',
    ]);
    expect(ids(filterObjects(objects, { name: '', kind: 'class', repoId: 'A' }))).toEqual(['a3']);
  });
});
