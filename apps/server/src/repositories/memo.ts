/** A small least-recently-used map: reads of one commit reuse what the last request computed. */
export class Lru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Forgets `key` if it still holds `value` (a newer value set meanwhile stays). */
  forget(key: string, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }
}

/**
 * Memoised async results of values that never change for their key (a listed commit's counts, an
 * indexed commit's files). Callers that ask while the first computation runs share it, so a burst
 * of identical requests costs one query; a computation that fails is forgotten.
 */
export class Memo<V> {
  private readonly lru: Lru<Promise<V>>;
  constructor(capacity: number) {
    this.lru = new Lru(capacity);
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const known = this.lru.get(key);
    if (known) return known;
    const running = compute();
    this.lru.set(key, running);
    running.catch(() => this.lru.forget(key, running));
    return running;
  }
}
