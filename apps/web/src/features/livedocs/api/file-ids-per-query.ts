import { LIVEDOCS_METADATA_MAX_FILES } from '@codedocs/contract';

/**
 * File ids sent in one query string. Each id is 64 hex characters plus a comma (`%2C`, 3 more),
 * and Node's HTTP parser refuses a request whose head passes 16 KB (431), which the contract's
 * LIVEDOCS_METADATA_MAX_FILES (500 ids, about 33 KB) would; 100 ids stay near 7 KB.
 */
export const FILE_IDS_PER_QUERY = Math.min(100, LIVEDOCS_METADATA_MAX_FILES);
