import { parentPort, threadId, workerData } from 'node:worker_threads';

/** Set in the workerData of createParsePool's threads, so only they announce themselves. */
export const POOL_THREAD = 'codedocs:parse-pool-thread';
/** The message a parse pool's thread sends once its worker module has loaded: its threadId. */
export const THREAD_LOADED = 'codedocs:parse-thread-loaded';

/**
 * Called at the top level of a parse pool's worker module: once the module has finished loading,
 * tells the pool, which waits for it before it stops its threads. piscina loads a worker module
 * with require(), and Node (20.19 and later, where require() loads ES modules) aborts the whole
 * process when a thread is terminated while require() links an ES module ("Assertion failed:
 * facade->InstantiateModule" or "IsGraphAsync must be used on an instantiated module"): a pool
 * stopped as soon as a small run ended, before a slow thread had loaded, took the process down.
 * The announcement is a microtask: it runs once the require() that evaluates this module returns
 * (piscina calls it in a promise callback), and not later (a setImmediate would wait for the first
 * task: an idle piscina thread blocks in Atomics.wait).
 */
export function announceLoaded(): void {
  const port = parentPort;
  if (!port || !(workerData as Record<string, unknown> | undefined)?.[POOL_THREAD]) return;
  queueMicrotask(() => port.postMessage({ [THREAD_LOADED]: threadId }));
}
