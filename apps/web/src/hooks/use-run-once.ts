import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per mounted component, even when React StrictMode sets effects up twice
 * in development: for one-shot requests such as posting a single-use token.
 */
export function useRunOnce(effect: () => void): void {
  const ran = useRef(false);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    latest.current();
  }, []);
}
