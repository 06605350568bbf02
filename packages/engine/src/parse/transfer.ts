import type { FileIndex, Site } from '../model.ts';

/**
 * A FileIndex as a worker thread sends it: the sites (most of a model's size: one object and five
 * strings per call or usage) go as one Int32Array plus a table of strings, each once (a line's
 * snippet once per run of sites on that line). Structured clone copies the array as one block and
 * each string of the table once, and the receiving thread builds the site objects in plain
 * JavaScript, several times faster than deserialising them one by one.
 */
export interface PackedFileIndex extends Omit<FileIndex, 'sites'> {
  packedSites: { strings: string[]; ints: Int32Array };
}

/**
 * Integers per site: name, kind, line, column, snippet, qualifier, fromId, receiverType (strings
 * by index), local (1 or 0).
 */
const STRIDE = 9;
/** Index of an absent optional string. */
const NONE = -1;

/** Packs a model's sites for the trip to the main thread (see PackedFileIndex). */
export function packFileIndex(file: FileIndex): PackedFileIndex {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const intern = (value: string | undefined): number => {
    if (value === undefined) return NONE;
    let index = indexes.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      indexes.set(value, index);
    }
    return index;
  };
  // a snippet (the line) is shared by runs of consecutive sites (the calls on one line): each
  // run's line goes into the table once without a lookup (hashing every line cost more than the
  // rare repeat of a line far apart would save)
  let snippet: string | undefined;
  let snippetIndex = NONE;
  const ints = new Int32Array(file.sites.length * STRIDE);
  let at = 0;
  for (const site of file.sites) {
    ints[at++] = intern(site.name);
    ints[at++] = intern(site.kind);
    ints[at++] = site.line;
    ints[at++] = site.column;
    if (site.snippet !== snippet) {
      snippet = site.snippet;
      snippetIndex = strings.push(snippet) - 1;
    }
    ints[at++] = snippetIndex;
    ints[at++] = intern(site.qualifier);
    ints[at++] = intern(site.fromId);
    ints[at++] = intern(site.receiverType);
    ints[at++] = site.local ? 1 : 0;
  }
  const { sites: _sites, ...rest } = file;
  return { ...rest, packedSites: { strings, ints } };
}

/** The FileIndex a packed one stands for; anything else (a plain FileIndex) is returned as is. */
export function unpackFileIndex(value: PackedFileIndex | FileIndex): FileIndex {
  if (!('packedSites' in value)) return value;
  const { strings, ints } = value.packedSites;
  const sites: Site[] = new Array<Site>(ints.length / STRIDE);
  for (let at = 0, i = 0; at < ints.length; at += STRIDE, i++) {
    // the properties in the order the converters write them, so models serialise identically,
    // every one present (absent ones undefined, as addSiteAt makes them: one shape of site)
    const qualifier = ints[at + 5]!;
    const receiverType = ints[at + 7]!;
    const fromId = ints[at + 6]!;
    sites[i] = {
      name: strings[ints[at]!]!,
      kind: strings[ints[at + 1]!] as Site['kind'],
      line: ints[at + 2]!,
      column: ints[at + 3]!,
      snippet: strings[ints[at + 4]!]!,
      qualifier: qualifier === NONE ? undefined : strings[qualifier],
      receiverType: receiverType === NONE ? undefined : strings[receiverType],
      fromId: fromId === NONE ? undefined : strings[fromId],
      local: ints[at + 8] === 1 ? true : undefined,
    };
  }
  // the fields in FileIndex's own order, so a model serialises as it does in the worker
  return {
    path: value.path,
    language: value.language,
    status: value.status,
    contentHash: value.contentHash,
    bytes: value.bytes,
    lines: value.lines,
    objects: value.objects,
    sites,
    imports: value.imports,
    diagnostics: value.diagnostics,
  };
}
