import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The better-sqlite3 this Node runs: release 13 (installed as `better-sqlite3-13`) on Node 22 and
 * later, release 12 on Node 20. From Node 24.19 on, Node's `ObjectWrap` registers environment
 * cleanup hooks, and better-sqlite3 12's statements and databases (ObjectWraps) abort the process
 * when the garbage collector finalises one outside a JavaScript context (SIGABRT in
 * RemoveEnvironmentCleanupHook, nodejs/node#65446); 13 moved to node-addon-api and is not
 * affected, but it needs Node 22 (on 20 its prebuilt addon crashes when loaded). 12 is the last
 * release for Node 20. Both have the same API; 12's types describe both.
 */
export const SQLITE_DRIVER =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-13' : 'better-sqlite3';

const require = createRequire(import.meta.url);

/** better-sqlite3's Database class, from the release that suits this Node. */
export const SQLite = require(SQLITE_DRIVER) as typeof BetterSqlite3;
