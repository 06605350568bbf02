export { buildSite, type BuildSiteOptions, type BuildSiteResult, type SiteSink } from './build-site.ts';
export { CSP } from './pages/layout.ts';
