import type { Config } from '../config';
import { s3SiteStore } from './s3-site-store';
import { localSiteStore, type SiteStore } from './site-store';

const stores = new WeakMap<Pick<Config, 'dataDir' | 'sitesS3'>, SiteStore>();

/**
 * The store a configuration names: S3-compatible object storage when SITES_S3_BUCKET is set,
 * else the disk under DATA_DIR. One per configuration, so the S3 client's connections are shared.
 */
export function siteStoreFor(config: Pick<Config, 'dataDir' | 'sitesS3'>): SiteStore {
  let store = stores.get(config);
  if (!store) {
    store = config.sitesS3 ? s3SiteStore(config.sitesS3) : localSiteStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}
