import type { SiteModel } from '@codedocs/contract';
import { esc } from '../html.ts';
import { INDEX_PAGE, SCRIPT, SEARCH_PAGE, STYLESHEET, THEME_SCRIPT, rootFrom } from '../routes.ts';

/**
 * No request leaves a page: scripts, styles and images come from the site itself (or are data:
 * images), nothing may be fetched, framed, or posted anywhere. 'self' also covers file:// pages
 * in Chromium and Firefox, which is how an unzipped site is opened.
 */
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "font-src 'self'; connect-src 'none'; frame-src 'none'; object-src 'none'; " +
  "base-uri 'none'; form-action 'self'";

export interface Crumb {
  label: string;
  href: string | null;
}

export interface PageParts {
  /** The page's path from the site root (for relative links). */
  path: string;
  title: string;
  crumbs: Crumb[];
  /** A side navigation (already rendered `<nav>`), or '' for none. */
  aside: string;
  main: string;
}

/** The shell every page shares: head with CSP, skip link, header with search and theme toggle. */
export function renderPage(model: SiteModel, page: PageParts): string {
  const root = rootFrom(page.path);
  const crumbs = page.crumbs
    .map((crumb) =>
      crumb.href
        ? `<li><a href="${esc(crumb.href)}">${esc(crumb.label)}</a></li>`
        : `<li aria-current="page">${esc(crumb.label)}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en" data-root="${esc(root)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${esc(page.title)} · ${esc(model.title)}</title>
<link rel="stylesheet" href="${root}${STYLESHEET}">
<script src="${root}${THEME_SCRIPT}"></script>
<script src="${root}${SCRIPT}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<a class="brand" href="${root}${INDEX_PAGE}">${esc(model.title)}</a>
<form class="search" role="search" action="${root}${SEARCH_PAGE}" method="get">
<label class="visually-hidden" for="search-input">Search the documentation</label>
<input id="search-input" type="search" name="q" placeholder="Search… (press /)" autocomplete="off" spellcheck="false" aria-controls="search-results" aria-describedby="search-hint">
<span id="search-hint" class="visually-hidden">Results appear below as you type; press / to focus.</span>
<div id="search-results" class="search-results" role="region" aria-label="Search results" aria-live="polite" hidden></div>
</form>
<button type="button" class="theme-toggle" id="theme-toggle" aria-pressed="false" title="Toggle dark mode"><span aria-hidden="true">◐</span><span class="visually-hidden">Dark mode</span></button>
</header>
<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol>${crumbs}</ol></nav>
<div class="layout${page.aside ? ' with-aside' : ''}">
${page.aside}<main id="main" tabindex="-1">
${page.main}
</main>
</div>
<footer class="site-footer">
<p>${esc(model.compilation_name)} · built <time datetime="${esc(model.built_at)}">${esc(displayTime(model.built_at))}</time> by codedocs · every page documents the commit it names</p>
</footer>
</body>
</html>
`;
}

/** `2026-11-25T11:24:13.000Z` → `2026-11-25 11:24 UTC` (no clock, no locale: deterministic). */
export function displayTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

export function shortCommit(commit: string): string {
  return commit.slice(0, 12);
}
