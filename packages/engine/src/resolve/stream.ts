import type { FileIndex, Reference } from '../model.ts';
import { importTargets, resolveFileReferences } from './references.ts';
import { fileSymbols, type FileSymbols, type PathSet, type ResolveScope } from './symbols.ts';

/** A file whose references are resolved: its path and every reference made from it. */
export interface ResolvedFile {
  path: string;
  references: Reference[];
}

/** What a waiting file keeps: its imports and sites (no objects, docs or bodies). */
interface Waiting {
  file: FileIndex;
  missing: Set<string>;
}

/**
 * Resolves references while files arrive one by one, in any order, so no caller has to hold every
 * model of a repository. A file resolves against its own symbols and those of the files it
 * imports; it resolves as soon as all of those have arrived, and until then keeps only its imports
 * and sites. What stays for the whole run is each file's compact symbols (ids, names, kinds).
 *
 * The result is the same as resolving with every file in memory: `add` every file of `paths`,
 * then `finish`.
 */
export class StreamingResolver {
  private readonly symbols = new Map<string, FileSymbols>();
  private readonly waiting = new Map<string, Waiting>();
  /** For each path not yet arrived, the files waiting for it. */
  private readonly waitersOf = new Map<string, Waiting[]>();
  private readonly scope: ResolveScope;
  private peak = 0;

  /**
   * @param paths every path that will be added (the commit's files), for resolving imports
   * @param onNeed called when a file first waits for `path`, so a scheduler can parse it next
   */
  constructor(
    paths: PathSet,
    private readonly onNeed?: (path: string) => void,
  ) {
    this.scope = { paths, symbols: (path) => this.symbols.get(path) };
  }

  /** Files that arrived but still wait for a file they import. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** The most files that waited at once during the run. */
  get peakWaiting(): number {
    return this.peak;
  }

  /**
   * Takes a parsed file (the caller may drop the model afterwards) and returns the files that can
   * now be resolved: this one when everything it imports has arrived, and any file that was
   * waiting only for this one.
   */
  add(file: FileIndex): ResolvedFile[] {
    if (this.symbols.has(file.path) || this.waiting.has(file.path)) {
      throw new Error(`${file.path} was added twice`);
    }
    this.symbols.set(file.path, fileSymbols(file));
    const out: ResolvedFile[] = [];
    // keep only what resolving needs: the objects are in the symbols already
    const entry: Waiting = { file: { ...file, objects: [], diagnostics: [] }, missing: new Set() };
    if (!this.wait(entry)) out.push(this.resolve(file));
    const waiters = this.waitersOf.get(file.path);
    if (waiters) {
      this.waitersOf.delete(file.path);
      for (const waiter of waiters) {
        waiter.missing.delete(file.path);
        // what arrived may re-export from files not here yet (Python): asked again
        if (waiter.missing.size === 0 && !this.wait(waiter)) {
          this.waiting.delete(waiter.file.path);
          out.push(this.resolve(waiter.file));
        }
      }
    }
    return out;
  }

  /** Whether the file must wait for imports not yet arrived; if so, registered as waiting. */
  private wait(entry: Waiting): boolean {
    for (const path of importTargets(entry.file, this.scope))
      if (!this.symbols.has(path)) entry.missing.add(path);
    if (entry.missing.size === 0) return false;
    this.waiting.set(entry.file.path, entry);
    for (const path of entry.missing) {
      const list = this.waitersOf.get(path);
      if (list) list.push(entry);
      else {
        this.waitersOf.set(path, [entry]);
        this.onNeed?.(path);
      }
    }
    this.peak = Math.max(this.peak, this.waiting.size);
    return true;
  }

  /**
   * Resolves every file still waiting (its imports name paths that never arrived, e.g. files
   * too large to index: those resolve as having no symbols).
   */
  finish(): ResolvedFile[] {
    const out = [...this.waiting.values()].map((entry) => this.resolve(entry.file));
    this.waiting.clear();
    this.waitersOf.clear();
    return out;
  }

  private resolve(file: FileIndex): ResolvedFile {
    return { path: file.path, references: resolveFileReferences(file, this.scope) };
  }
}
