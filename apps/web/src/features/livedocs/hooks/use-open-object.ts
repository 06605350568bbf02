import { useCallback, useEffect, useState } from 'react';
import type { LivedocsObject } from '@codedocs/contract';
import { failureMessage } from '@/lib/api-error';
import { getLivedocsObject } from '../api/livedocs-calls';

/** The object the panel shows, as loaded from `GET /api/v0/livedocs/object`. */
export interface OpenObject {
  object: LivedocsObject | null;
  loading: boolean;
  error: string | null;
  /** Loads the object again (after a generation, or "Try again"). */
  reload(): void;
  /** Applies a change the server confirmed (a save, regenerate, review) to the loaded object. */
  update(change: (object: LivedocsObject) => LivedocsObject): void;
}

interface Loaded {
  key: string;
  object: LivedocsObject | null;
  error: string | null;
}

/**
 * Loads object `objectId` of the commit (null: none open). An answer for an object that is no
 * longer the open one is dropped (its request is aborted).
 */
export function useOpenObject(
  repoId: string,
  commitId: string | undefined,
  objectId: string | null,
): OpenObject {
  const key = `${repoId}@${commitId ?? ''}:${objectId ?? ''}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!objectId) return undefined;
    const controller = new AbortController();
    getLivedocsObject(repoId, objectId, commitId, controller.signal).then(
      (object) => setLoaded({ key, object, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          key,
          object: null,
          error: failureMessage(error, 'Could not load this object'),
        });
      },
    );
    return () => controller.abort();
  }, [repoId, commitId, objectId, key, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const update = useCallback((change: (object: LivedocsObject) => LivedocsObject) => {
    setLoaded((previous) =>
      previous?.object ? { ...previous, object: change(previous.object) } : previous,
    );
  }, []);

  const current = objectId && loaded?.key === key ? loaded : null;
  return {
    object: current?.object ?? null,
    error: current?.error ?? null,
    loading: objectId !== null && current === null,
    reload,
    update,
  };
}
