import type { SiteModel, SiteRepository } from '@codedocs/contract';
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
  const sections = overview.sections.map(
    (section) =>
      `<section class="overview-section" id="${esc(section.section_id)}">
<h2>${esc(section.title)}</h2>
<div class="prose">${markdown.render(section.value, null)}</div>
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
