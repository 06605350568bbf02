// The check that a change to the engine's speed changed nothing it produces: prints one line per
// file, the SHA-1 of its model's JSON as indexFile returns it and as it arrives through the
// pool's packed trip (structured clone included), then the path. Run it in one checkout before and
// after a change (paths are part of each model) and diff the outputs:
//   npm run -s model-digests -w @codedocs/engine -- "$PWD/node_modules/zod" /tmp/list.txt > a.txt
// Arguments are directories (every file under them, the engine deciding which it reads) or text
// files listing one path per line; npm runs it in packages/engine, so give absolute paths.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { indexFile } from '../src/index-file.ts';
import { packFileIndex, unpackFileIndex } from '../src/parse/transfer.ts';

/** Every file under `dir`, sorted, skipping dot-folders (.git and the like). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      if (!name.startsWith('.')) out.push(...filesUnder(path));
    } else if (stat?.isFile()) out.push(path);
  }
  return out;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: model-digests <directory or file list>…');
  process.exit(2);
}
for (const arg of args) {
  const paths = statSync(arg).isDirectory()
    ? filesUnder(arg)
    : readFileSync(arg, 'utf8').split('\n').filter(Boolean);
  for (const path of paths) {
    const model = await indexFile({ path, content: readFileSync(path) }, { repository: 'r' });
    const direct = JSON.stringify(model);
    const tripped = JSON.stringify(unpackFileIndex(structuredClone(packFileIndex(model))));
    console.log(`${sha1(direct)} ${sha1(tripped)} ${path}`);
  }
}
