import type { SiteFile, SiteModel, SiteRepository } from '@codedocs/contract';
import { esc, externalLink } from '../html.ts';
import { plainText } from '../markdown.ts';
import { INDEX_PAGE, SEARCH_PAGE, hrefFrom, type SiteRoutes } from '../routes.ts';
import { renderPage, shortCommit, type Crumb } from './layout.ts';
import { renderObject, type ObjectContext } from './object.ts';

/**
 * The repository's coverage as the app counts it: documented (a summary from the author, a
 * person, or accepted generated text), then generated only, stale and needing a writer apart.
 */
function coverage(repo: SiteRepository): string {
  if (repo.object_count === 0) return '<span class="muted">no objects</span>';
  const percent = Math.round((repo.documented_count / repo.object_count) * 100);
  const rest = [
    repo.generated_count ? `${repo.generated_count} generated only` : '',
    repo.stale_count ? `${repo.stale_count} stale` : '',
    repo.undocumented_count
      ? `${repo.undocumented_count} ${repo.undocumented_count === 1 ? 'needs' : 'need'} a writer`
      : '',
  ].filter(Boolean);
  return (
    `<meter min="0" max="${repo.object_count}" value="${repo.documented_count}" aria-hidden="true"></meter> ` +
    `${percent}% documented <span class="muted">(${repo.documented_count} of ${repo.object_count}${rest.length ? `; ${rest.join(', ')}` : ''})</span>`
  );
}

function commitCell(repo: SiteRepository): string {
  return `<code title="${esc(repo.commit_id)}">${esc(shortCommit(repo.commit_id))}</code>${repo.branch ? ` <span class="muted">on ${esc(repo.branch)}</span>` : ''}`;
}

function objectsIn(routes: SiteRoutes, repo: SiteRepository): number {
  return (routes.files.get(repo) ?? []).reduce((sum, file) => sum + file.objects.length, 0);
}

function crumbsTo(path: string, trail: { label: string; target: string | null }[]): Crumb[] {
  return trail.map((step) => ({
    label: step.label,
    href: step.target ? hrefFrom(path, step.target) : null,
  }));
}

/** index.html: the compilation, its repositories, the commit each is pinned to, coverage. */
export function overviewPage(model: SiteModel, routes: SiteRoutes): string {
  const path = INDEX_PAGE;
  const rows = model.repositories
    .map((repo) => {
      const page = routes.repoPage.get(repo) as string;
      return `<tr><th scope="row"><a href="${esc(hrefFrom(path, page))}">${esc(repo.name)}</a></th>
<td>${commitCell(repo)}</td><td>${(routes.files.get(repo) ?? []).length}</td><td>${objectsIn(routes, repo)}</td><td>${coverage(repo)}</td></tr>`;
    })
    .join('\n');
  const total = model.repositories.reduce((sum, repo) => sum + objectsIn(routes, repo), 0);
  const main = `<h1>${esc(model.title)}</h1>
<p class="lead">Documentation of the compilation <strong>${esc(model.compilation_name)}</strong>: ${total} object${total === 1 ? '' : 's'} from ${model.repositories.length} repositor${model.repositories.length === 1 ? 'y' : 'ies'}, each pinned to one commit.</p>
<h2>Repositories</h2>
<div class="table-wrap"><table class="repos">
<thead><tr><th scope="col">Repository</th><th scope="col">Commit</th><th scope="col">Files</th><th scope="col">Objects in this site</th><th scope="col">Coverage at that commit</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
  return renderPage(model, {
    path,
    title: 'Overview',
    crumbs: [{ label: model.title, href: null }],
    aside: '',
    main,
  });
}

/** One repository: where it comes from, the pinned commit, its files and their objects. */
export function repositoryPage(model: SiteModel, routes: SiteRoutes, repo: SiteRepository): string {
  const path = routes.repoPage.get(repo) as string;
  const files = routes.files.get(repo) ?? [];
  const list = files
    .map((file) => {
      const page = routes.filePage.get(file) as string;
      const href = hrefFrom(path, page);
      const objects = (routes.objectsOf.get(file) ?? [])
        .map((object) => {
          const route = routes.objects.get(object.key);
          return `<li><a href="${esc(href)}#${esc(route?.anchor ?? '')}"><code>${esc(object.qualified_name)}</code></a> <span class="kind">${esc(object.kind)}</span>${object.status === 'stale' ? ' <span class="badge badge-stale">stale</span>' : ''}</li>`;
        })
        .join('');
      return `<li class="file-entry"><a href="${esc(href)}">${esc(file.path)}</a>${file.language ? ` <span class="muted">${esc(file.language)}</span>` : ''}<ul class="object-list">${objects}</ul></li>`;
    })
    .join('\n');
  const main = `<h1>${esc(repo.name)}</h1>
<dl class="facts">
<dt>Remote</dt><dd><code>${esc(repo.url)}</code>${repo.web_url ? ` · ${externalLink(repo.web_url, 'open on the host')}` : ''}</dd>
<dt>Commit</dt><dd>${commitCell(repo)}</dd>
<dt>Coverage</dt><dd>${coverage(repo)}</dd>
${routes.overviewPage.has(repo) ? `<dt>Overview</dt><dd><a href="${esc(hrefFrom(path, routes.overviewPage.get(repo) as string))}">Entry points, modules, dependencies, most-used objects and public API</a></dd>` : ''}
</dl>
<h2>Files</h2>
<ul class="file-list">
${list}
</ul>`;
  return renderPage(model, {
    path,
    title: repo.name,
    crumbs: crumbsTo(path, [
      { label: model.title, target: INDEX_PAGE },
      { label: repo.name, target: null },
    ]),
    aside: '',
    main,
  });
}

/** One source file: an anchor per object, in the compilation's order. */
export function filePage(
  model: SiteModel,
  routes: SiteRoutes,
  repo: SiteRepository,
  file: SiteFile,
  context: Omit<ObjectContext, 'page' | 'routes'>,
): string {
  const path = routes.filePage.get(file) as string;
  const ctx: ObjectContext = { ...context, page: path, routes };
  const objects = routes.objectsOf.get(file) ?? [];
  const toc = objects
    .map((object) => {
      const anchor = routes.objects.get(object.key)?.anchor ?? '';
      return `<li><a href="#${esc(anchor)}">${esc(object.name)}</a> <span class="kind">${esc(object.kind)}</span></li>`;
    })
    .join('');
  const aside = `<nav class="toc" aria-label="Objects in this file"><h2>In this file</h2><ol>${toc}</ol></nav>\n`;
  const sections = objects
    .map((object) => renderObject(ctx, object, routes.objects.get(object.key)?.anchor ?? ''))
    .join('\n');
  const main = `<h1><code>${esc(file.path)}</code></h1>
<p class="facts-line">${esc(repo.name)} at ${commitCell(repo)}${file.language ? ` · ${esc(file.language)}` : ''}${file.source_url ? ` · ${externalLink(file.source_url, 'view file on the host')}` : ''}</p>
${sections}`;
  return renderPage(model, {
    path,
    title: file.path,
    crumbs: crumbsTo(path, [
      { label: model.title, target: INDEX_PAGE },
      { label: repo.name, target: routes.repoPage.get(repo) as string },
      { label: file.path, target: null },
    ]),
    aside,
    main,
  });
}

/** search.html: full results for `?q=`, filled in by the site script. */
export function searchPage(model: SiteModel): string {
  const main = `<h1>Search</h1>
<p id="search-page-status" class="muted" aria-live="polite">Type in the search box above.</p>
<ol id="search-page-results" class="search-page-results"></ol>
<noscript><p>Search needs JavaScript; the <a href="${INDEX_PAGE}">overview</a> lists every repository and file.</p></noscript>`;
  return renderPage(model, {
    path: SEARCH_PAGE,
    title: 'Search',
    crumbs: [
      { label: model.title, href: INDEX_PAGE },
      { label: 'Search', href: null },
    ],
    aside: '',
    main,
  });
}

/**
 * search-index.js: one array row per object, `[name, qualified name, kind, repository, summary,
 * url]`, in page order. A script, not JSON: a page opened from file:// may not fetch.
 */
export function searchIndexScript(model: SiteModel, routes: SiteRoutes): string {
  const rows: string[][] = [];
  for (const repo of model.repositories) {
    for (const file of routes.files.get(repo) ?? []) {
      for (const object of routes.objectsOf.get(file) ?? []) {
        const route = routes.objects.get(object.key);
        if (!route) continue;
        const summary = object.fields.find((field) => field.field_id === 'summary')?.value ?? '';
        rows.push([
          object.name,
          object.qualified_name,
          object.kind,
          repo.name,
          plainText(summary),
          `${route.page}#${route.anchor}`,
        ]);
      }
    }
  }
  const json = JSON.stringify({ version: 1, items: rows }).replace(
    /[\u2028\u2029<]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `window.CODEDOCS_SEARCH_INDEX = ${json};\n`;
}
