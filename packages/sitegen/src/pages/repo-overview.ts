import type { OverviewFacts, SiteModel, SiteRepository } from '@codedocs/contract';
import { esc } from '../html.ts';
import type { MarkdownRenderer } from '../markdown.ts';
import { moduleGraphSvg } from '../module-graph.ts';
import { INDEX_PAGE, hrefFrom, type SiteRoutes } from '../routes.ts';
import { renderPage, shortCommit } from './layout.ts';

/**
 * A repository's overview page: its sections as written (a person's text or the one made from
 * the facts), with the module dependency graph under its section.
 */
export function repoOverviewPage(
  model: SiteModel,
  routes: SiteRoutes,
  repo: SiteRepository,
  markdown: MarkdownRenderer,
): string {
  const path = routes.overviewPage.get(repo) as string;
  const overview = repo.overview!;
  const graph = moduleGraphSvg(overview.facts.graph, 'module-graph-title');
  const linkObjects = objectLinker(routes, repo, path, overview.facts);
  const sections = overview.sections.map(
    (section) =>
      `<section class="overview-section" id="${esc(section.section_id)}">
<h2>${esc(section.title)}</h2>
<div class="prose">${linkObjects(markdown.render(section.value, null))}</div>
${section.section_id === 'dependencies' && graph ? `<div class="graph-wrap">${graph}</div>` : ''}
</section>`,
  );
  if (graph && !overview.sections.some((s) => s.section_id === 'dependencies')) {
    sections.push(`<section class="overview-section" id="dependencies">
<h2>Module dependencies</h2><div class="graph-wrap">${graph}</div></section>`);
  }
  const main = `<h1>${esc(repo.name)}: overview</h1>
<p class="lead">Facts read from the code at commit <code title="${esc(repo.commit_id)}">${esc(shortCommit(repo.commit_id))}</code>. <a href="${esc(hrefFrom(path, routes.repoPage.get(repo) as string))}">Files and objects of this site</a></p>
${sections.length ? sections.join('\n') : '<p class="muted">Nothing is known about this repository yet.</p>'}`;
  return renderPage(model, {
    path,
    title: `${repo.name}: overview`,
    crumbs: [
      { label: model.title, href: hrefFrom(path, INDEX_PAGE) },
      { label: repo.name, href: hrefFrom(path, routes.repoPage.get(repo) as string) },
      { label: 'Overview', href: null },
    ],
    aside: '',
    main,
  });
}

/**
 * Links the objects the overview's facts name (most-used objects, the public API, entry points)
 * to their place in the site: each `<code>` whose whole text is such an object's qualified name
 * becomes a link to it, when the compilation holds it and the name is not shared by another
 * object of the facts (so a person's own text is linked the same way). Objects outside the site
 * stay plain code.
 */
function objectLinker(
  routes: SiteRoutes,
  repo: SiteRepository,
  fromPage: string,
  facts: OverviewFacts,
): (html: string) => string {
  const named = [
    ...facts.most_used,
    ...facts.public_api.flatMap((group) => group.objects),
    ...facts.entry_points.flatMap((entry) => (entry.object ? [entry.object] : [])),
  ];
  const idsByName = new Map<string, Set<string>>();
  for (const object of named) {
    const ids = idsByName.get(object.qualified_name) ?? new Set<string>();
    ids.add(object.object_id);
    idsByName.set(object.qualified_name, ids);
  }
  const hrefs = new Map<string, string>();
  for (const [name, ids] of idsByName) {
    if (ids.size !== 1) continue;
    const route = routes.objects.get(`${repo.repo_id}:${[...ids][0]}`);
    if (route) hrefs.set(esc(name), `${hrefFrom(fromPage, route.page)}#${route.anchor}`);
  }
  if (hrefs.size === 0) return (html) => html;
  return (html) =>
    html.replace(/<code>([^<]*)<\/code>/g, (whole, text: string) => {
      const href = hrefs.get(text);
      return href ? `<a href="${esc(href)}">${whole}</a>` : whole;
    });
}
