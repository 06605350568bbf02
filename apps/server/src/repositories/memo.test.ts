import { describe, expect, it } from 'vitest';
import { Lru, Memo } from './memo';

describe('Lru', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const lru = new Lru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c')]).toEqual([1, 3]);
    lru.forget('a', 99);
    expect(lru.get('a')).toBe(1);
    lru.forget('a', 1);
    expect(lru.get('a')).toBeUndefined();
  });
});

describe('Memo', () => {
  it('runs one computation for callers that ask while it runs, and reuses its result', async () => {
    const memo = new Memo<number>(4);
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const answers = await Promise.all([1, 2, 3].map(() => memo.get('k', compute)));
    expect(answers).toEqual([42, 42, 42]);
    expect(await memo.get('k', compute)).toBe(42);
    expect(runs).toBe(1);
    expect(await memo.get('other', compute)).toBe(42);
    expect(runs).toBe(2);
  });

  it('forgets a computation that failed, so the next caller tries again', async () => {
    const memo = new Memo<string>(4);
    await expect(memo.get('k', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await memo.get('k', async () => 'back')).toBe('back');
  });
});
