import type { App } from '../app';
import { newId } from '../auth/random-id';
import { insertFolder, publishFolderBuild } from '../repositories/folders-repository';
import { nowIso } from '../services/context';
import { folderFileId } from '../services/sites/staticdocs-service';
import { localSiteStore } from '../sites/site-store';
import { bearer } from './accounts';

/** A user the sharing tests act as: their id and session token. */
export interface TestUser {
  id: string;
  token: string;
}

/**
 * A folder of `owner` with a published two-file site (`index.html`, `assets/site.css`), made
 * without git or a build job: a compilation through the API, then the folder row, the files in
 * the site store and the publication, as a finished `site.build` leaves them.
 */
export async function createPublishedFolder(
  app: App,
  owner: TestUser,
  name: string,
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v0/compilation',
    headers: bearer(owner.token),
    payload: { name: `${name} pocket` },
  });
  if (created.statusCode !== 201) throw new Error(`compilation answered ${created.statusCode}`);
  const compilationId: string = created.json().compilation.compilation_id;
  const id = newId();
  await insertFolder(app.db, {
    id,
    owner_id: owner.id,
    compilation_id: compilationId,
    name,
    created_at: nowIso(),
  });
  const buildId = `b-${newId()}`;
  const writer = localSiteStore(app.config.dataDir).writer(id, buildId);
  await writer.write('index.html', `<!doctype html><html><body><h1>${name}</h1></body></html>`);
  await writer.write('assets/site.css', 'body { margin: 0 }');
  const files = writer.written().map((file) => ({ ...file, file_id: folderFileId(file.path) }));
  await app.db
    .transaction()
    .execute((trx) => publishFolderBuild(trx, id, { buildId, files, pins: '[]' }, nowIso()));
  return id;
}
