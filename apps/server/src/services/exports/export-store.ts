import { join } from 'node:path';
import type { Config } from '../../config';
import { s3SiteStore } from '../../sites/s3-site-store';
import { localSiteStore, type SiteStore } from '../../sites/site-store';

const stores = new WeakMap<Pick<Config, 'dataDir' | 'sitesS3'>, SiteStore>();

/**
 * Where exports' files are kept: the site store's kind (disk or S3-compatible), under a root of
 * their own (`DATA_DIR/exports/sites/…` or the key prefix `<prefix>exports/`), so the sites'
 * orphan sweep never sees them.
 */
export function exportStoreOf(ctx: { config: Pick<Config, 'dataDir' | 'sitesS3'> }): SiteStore {
  const { config } = ctx;
  let store = stores.get(config);
  if (!store) {
    store = config.sitesS3
      ? s3SiteStore({ ...config.sitesS3, prefix: `${config.sitesS3.prefix}exports/` })
      : localSiteStore(join(config.dataDir, 'exports'));
    stores.set(config, store);
  }
  return store;
}
