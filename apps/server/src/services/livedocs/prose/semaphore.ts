/** At most `limit` holders at once; the rest wait in arrival order. */
export interface Semaphore {
  /** Resolves true once a slot is held, or false when `signal` aborts first (no slot held then). */
  acquire(signal?: AbortSignal): Promise<boolean>;
  /** Hands the slot to the next waiter, or frees it. Call once per successful acquire. */
  release(): void;
}

/** A small counting semaphore: one model provider must not be flooded by a generate-all run. */
export function createSemaphore(limit: number): Semaphore {
  let held = 0;
  const waiting: ((granted: boolean) => void)[] = [];
  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.resolve(false);
      if (held < limit) {
        held++;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const grant = (granted: boolean) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(granted);
        };
        // a waiter that gives up leaves the queue, so it never takes a slot it would not use
        const onAbort = () => {
          waiting.splice(waiting.indexOf(grant), 1);
          grant(false);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(grant);
      });
    },
    release() {
      const next = waiting.shift();
      // the slot passes straight to the next waiter: `held` stays as it is
      if (next) next(true);
      else held = Math.max(0, held - 1);
    },
  };
}
