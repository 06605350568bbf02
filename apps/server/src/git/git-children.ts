import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';

/**
 * Every `git` this process started and that has not exited yet, so none outlives the server:
 * each runs in its own process group (run-git.ts), `killAll` SIGKILLs the groups on shutdown,
 * and each is recorded in `<DATA_DIR>/run/git-<server pid>-<git pid>.json` while it runs, so the
 * next start can reap what a server killed with SIGKILL (or a crash) left behind. One registry
 * per process: a process runs one server (API or worker), which is what the records assume.
 */

/** SIGKILL to the whole group: ssh, remote helpers and index-pack die with git. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** What a record file holds. Start times are /proc's (clock ticks since boot); null off Linux. */
export interface GitChildRecord {
  /** The machine: a DATA_DIR shared over the network holds other machines' pids too. */
  host?: string;
  serverPid: number;
  serverStart: number | null;
  /** The git process, leader of its own process group (pid = pgid). */
  pgid: number;
  start: number | null;
}

/** A process's start time from /proc/<pid>/stat (field 22), or null when it cannot be read. */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isFinite(start) ? start : null;
  } catch {
    return null;
  }
}

/** True when `pid` runs a git program (`git`, `git-upload-pack`…) according to its cmdline. */
function isGitProcess(pid: number): boolean {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    const name = basename(argv0);
    return name === 'git' || name.startsWith('git-');
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while the process that wrote the record runs (same pid and, where known, same start). */
function serverRuns(record: GitChildRecord): boolean {
  if (!isAlive(record.serverPid)) return false;
  const start = processStartTime(record.serverPid);
  return record.serverStart === null || start === null || start === record.serverStart;
}

const RECORD_NAME = /^git-(\d+)-(\d+)\.json$/;

class GitChildren {
  private readonly running = new Map<number, string | null>();
  private recordDir: string | null = null;
  private readonly serverStart = processStartTime(process.pid);

  /** Records children under `dir` from now on (null: in memory only). */
  recordIn(dir: string | null): void {
    if (dir !== null) mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.recordDir = dir;
  }

  /** The folder records go to, or null. */
  recordingIn(): string | null {
    return this.recordDir;
  }

  /** Called once git started: the record is written before it could be orphaned. */
  track(pid: number): void {
    let file: string | null = null;
    if (this.recordDir !== null) {
      file = join(this.recordDir, `git-${process.pid}-${pid}.json`);
      const record: GitChildRecord = {
        host: hostname(),
        serverPid: process.pid,
        serverStart: this.serverStart,
        pgid: pid,
        start: processStartTime(pid),
      };
      try {
        writeFileSync(file, JSON.stringify(record), { mode: 0o600 });
      } catch {
        // A full or read-only disk must not fail the git command; shutdown still kills it.
        file = null;
      }
    }
    this.running.set(pid, file);
  }

  /** Called once git's process group was killed or git exited. */
  untrack(pid: number): void {
    const file = this.running.get(pid);
    this.running.delete(pid);
    if (file) rmSync(file, { force: true });
  }

  /** The process group ids of the git commands running now. */
  pids(): number[] {
    return [...this.running.keys()];
  }

  /** SIGKILLs every running git process group (graceful shutdown); returns how many. */
  killAll(): number {
    const pids = this.pids();
    for (const pid of pids) {
      killGroup(pid);
      this.untrack(pid);
    }
    return pids.length;
  }
}

/** The registry of this process. */
export const gitChildren = new GitChildren();

/**
 * At start-up: kills the process groups recorded by a server process that no longer runs, when
 * the recorded pid is still the same git (its start time matches and /proc/<pid>/cmdline names
 * git), and removes their records. Records of running servers (another API or worker process on
 * the same DATA_DIR) are left alone. Returns the process groups killed.
 */
export function reapStaleGitChildren(dir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const killed: number[] = [];
  for (const name of names) {
    if (!RECORD_NAME.test(name)) continue;
    const file = join(dir, name);
    let record: GitChildRecord;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as GitChildRecord;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    if (!Number.isInteger(record.pgid) || record.pgid <= 1 || !Number.isInteger(record.serverPid))
      continue;
    if ((record.host !== undefined && record.host !== hostname()) || serverRuns(record)) continue;
    // Pids are reused: kill only the very process that was recorded, and only if it is git.
    const start = processStartTime(record.pgid);
    if (start !== null && start === record.start && isGitProcess(record.pgid)) {
      killGroup(record.pgid);
      killed.push(record.pgid);
    }
    rmSync(file, { force: true });
  }
  return killed;
}
