import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect';
import { initialSchema } from './0001-initial-schema';
import { sessionRotationAndThrottling } from './0002-session-rotation-and-throttling';
import { jobQueue } from './0003-job-queue';
import { repoFiles } from './0004-repo-files';
import { livedocs } from './0005-livedocs';
import { docsRevision } from './0006-docs-revision';
import { repoScopedObjects } from './0007-repo-scoped-objects';
import { compilationOrder } from './0008-compilation-order';
import { objectSearch } from './0009-object-search';
import { compilationRevision } from './0010-compilation-revision';
import { jobFairness } from './0011-job-fairness';
import { folderBuilds } from './0012-folder-builds';
import { folderShares } from './0013-folder-shares';
import { checkout } from './0014-checkout';
import { activity } from './0015-activity';
import { exportsTable } from './0016-exports';
import { repoOverviews } from './0017-repo-overviews';
import { honestCoverage } from './0018-honest-coverage';

/**
 * Every migration, in order, listed in code rather than read from a folder so the server bundle
 * carries them. Add new ones at the end with the next number; never edit a released one.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial-schema': initialSchema(dialect),
    '0002-session-rotation-and-throttling': sessionRotationAndThrottling(dialect),
    '0003-job-queue': jobQueue(dialect),
    '0004-repo-files': repoFiles(dialect),
    '0005-livedocs': livedocs(dialect),
    '0006-docs-revision': docsRevision(),
    '0007-repo-scoped-objects': repoScopedObjects(dialect),
    '0008-compilation-order': compilationOrder(),
    '0009-object-search': objectSearch(dialect),
    '0010-compilation-revision': compilationRevision(),
    '0011-job-fairness': jobFairness(dialect),
    '0012-folder-builds': folderBuilds(),
    '0013-folder-shares': folderShares(dialect),
    '0014-checkout': checkout(dialect),
    '0015-activity': activity(dialect),
    '0016-exports': exportsTable(dialect),
    '0017-repo-overviews': repoOverviews(dialect),
    '0018-honest-coverage': honestCoverage(dialect),
  };
}

/** A Kysely migration provider over the static list above. */
export function staticMigrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: async () => migrationsFor(dialect) };
}
