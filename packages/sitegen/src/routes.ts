import { posix } from 'node:path';
import type { SiteFile, SiteModel, SiteObject, SiteRepository } from '@codedocs/contract';

/** Where an object lives in the site: its file page and the anchor on it. */
export interface ObjectRoute {
  page: string;
  anchor: string;
  object: SiteObject;
  file: SiteFile;
  repo: SiteRepository;
}

/**
 * The site's router (TypeDoc's idea): every page path and anchor is decided once, before any
 * page is rendered, so links never guess. Paths are relative POSIX paths from the site root.
 */
export interface SiteRoutes {
  repoPage: Map<SiteRepository, string>;
  /** Repositories whose model carries an overview have a page for it. */
  overviewPage: Map<SiteRepository, string>;
  filePage: Map<SiteFile, string>;
  objects: Map<string, ObjectRoute>;
  /** Files of each repository sorted by path, objects of each file in compilation order. */
  files: Map<SiteRepository, SiteFile[]>;
  objectsOf: Map<SiteFile, SiteObject[]>;
}

export const INDEX_PAGE = 'index.html';
export const SEARCH_PAGE = 'search.html';
export const SEARCH_INDEX = 'search-index.js';
export const STYLESHEET = 'assets/site.css';
export const SCRIPT = 'assets/site.js';
export const THEME_SCRIPT = 'assets/theme.js';

/** A file-name-safe slug; empty input gives `_`. */
export function slug(value: string): string {
  // No leading or trailing dot either: Windows drops trailing dots, and a leading one hides a file.
  const cleaned = value.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return cleaned || '_';
}

/**
 * Allocates names unique without regard to case, so a zip of the site unpacks on case-insensitive
 * file systems (macOS, Windows) without two pages landing on one file.
 */
function uniqueNamer(): (wanted: string) => string {
  const taken = new Set<string>();
  return (wanted) => {
    let name = wanted;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${wanted}-${n}`;
    taken.add(name.toLowerCase());
    return name;
  };
}

/** Objects of a file in the compilation's order (ties broken by key so the order is total). */
export function objectsInOrder(file: SiteFile): SiteObject[] {
  return [...file.objects].sort(
    (a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

export function buildRoutes(model: SiteModel): SiteRoutes {
  const routes: SiteRoutes = {
    repoPage: new Map(),
    overviewPage: new Map(),
    filePage: new Map(),
    objects: new Map(),
    files: new Map(),
    objectsOf: new Map(),
  };
  const repoName = uniqueNamer();
  for (const repo of model.repositories) {
    const dir = `repos/${repoName(slug(repo.name))}`;
    routes.repoPage.set(repo, `${dir}/index.html`);
    if (repo.overview) routes.overviewPage.set(repo, `${dir}/overview.html`);
    const files = [...repo.files].sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : a.file_id < b.file_id ? -1 : 1,
    );
    routes.files.set(repo, files);
    const fileName = uniqueNamer();
    for (const file of files) {
      const segments = file.path.split('/').filter((s) => s && s !== '.' && s !== '..');
      const page = `${dir}/files/${fileName(segments.map(slug).join('/') || '_')}.html`;
      routes.filePage.set(file, page);
      const anchorName = uniqueNamer();
      const ordered = objectsInOrder(file);
      routes.objectsOf.set(file, ordered);
      for (const object of ordered) {
        const anchor = anchorName(`${slug(object.kind)}.${slug(object.qualified_name)}`);
        routes.objects.set(object.key, { page, anchor, object, file, repo });
      }
    }
  }
  return routes;
}

/** The relative URL from one page of the site to another path in it. */
export function hrefFrom(fromPage: string, target: string): string {
  const relative = posix.relative(posix.dirname(fromPage), target);
  return relative.split('/').map(encodeURIComponent).join('/');
}

/** The prefix that leads from a page back to the site root (`''` or `../../`). */
export function rootFrom(fromPage: string): string {
  const depth = fromPage.split('/').length - 1;
  return '../'.repeat(depth);
}
