import { siteModelSchema, type SiteModel } from '@codedocs/contract';
import { SITE_JS } from './assets/site-script.ts';
import { SITE_CSS } from './assets/site-style.ts';
import { THEME_JS } from './assets/theme-script.ts';
import { prepareHighlighter } from './highlight.ts';
import { MarkdownRenderer } from './markdown.ts';
import {
  filePage,
  overviewPage,
  repositoryPage,
  searchIndexScript,
  searchPage,
} from './pages/pages.ts';
import { repoOverviewPage } from './pages/repo-overview.ts';
import {
  INDEX_PAGE,
  SCRIPT,
  SEARCH_INDEX,
  SEARCH_PAGE,
  STYLESHEET,
  THEME_SCRIPT,
  buildRoutes,
} from './routes.ts';

/** Where a site's files go: the server's SiteStore, a directory, a zip, a test's Map. */
export interface SiteSink {
  /** `path` is relative POSIX (`index.html`, `repos/api/files/src/app.ts.html`). */
  write(path: string, data: Uint8Array | string): Promise<void>;
}

export interface BuildSiteOptions {
  /** Called after each written file; `total` is known before the first write. */
  onProgress?(done: number, total: number): void;
}

export interface BuildSiteResult {
  files: number;
  bytes: number;
}

const encoder = new TextEncoder();

/** Languages whose grammars a site needs: each object's, and every code fence's info string. */
function languagesOf(model: SiteModel): Set<string> {
  const languages = new Set<string>();
  for (const repo of model.repositories) {
    for (const file of repo.files) {
      for (const object of file.objects) {
        languages.add(object.language);
        for (const field of object.fields) {
          for (const match of field.value.matchAll(/^\s*(?:```|~~~)\s*([\w+#-]+)/gm)) {
            if (match[1]) languages.add(match[1].toLowerCase());
          }
        }
      }
    }
  }
  return languages;
}

/**
 * Builds a compilation's static site into `sink` (DESIGN.md section 7): overview, one page per
 * repository (and its generated overview) and per file (an anchor per object), search page and index, stylesheet and
 * scripts. Pure and deterministic: the same model writes the same files with the same bytes in
 * the same order. Stages: validate → route (every path and anchor decided) → load the grammars
 * the model uses → render and write page by page.
 */
export async function buildSite(
  input: SiteModel,
  sink: SiteSink,
  options: BuildSiteOptions = {},
): Promise<BuildSiteResult> {
  const model = siteModelSchema.parse(input);
  const routes = buildRoutes(model);
  const highlight = await prepareHighlighter(languagesOf(model));
  const markdown = new MarkdownRenderer(highlight);

  type Job = [path: string, render: () => string];
  const jobs: Job[] = [
    [STYLESHEET, () => SITE_CSS],
    [THEME_SCRIPT, () => THEME_JS],
    [SCRIPT, () => SITE_JS],
    [SEARCH_INDEX, () => searchIndexScript(model, routes)],
    [INDEX_PAGE, () => overviewPage(model, routes)],
    [SEARCH_PAGE, () => searchPage(model)],
  ];
  for (const repo of model.repositories) {
    jobs.push([routes.repoPage.get(repo) as string, () => repositoryPage(model, routes, repo)]);
    const overviewPath = routes.overviewPage.get(repo);
    if (overviewPath) {
      jobs.push([overviewPath, () => repoOverviewPage(model, routes, repo, markdown)]);
    }
    for (const file of routes.files.get(repo) ?? []) {
      jobs.push([
        routes.filePage.get(file) as string,
        () => filePage(model, routes, repo, file, { highlight, markdown }),
      ]);
    }
  }

  let bytes = 0;
  let done = 0;
  for (const [path, render] of jobs) {
    const data = encoder.encode(render());
    await sink.write(path, data);
    bytes += data.byteLength;
    done += 1;
    options.onProgress?.(done, jobs.length);
  }
  return { files: jobs.length, bytes };
}
