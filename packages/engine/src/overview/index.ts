export { computeOverview, OVERVIEW_LIMITS, type OverviewInput } from './compute-overview.ts';
export { OVERVIEW_MANIFEST_NAMES, type ManifestFile } from './entry-points.ts';
export { overviewSections } from './overview-text.ts';
