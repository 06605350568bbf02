// Regenerates test/fixtures/<lang>/<case>/expected.json from the inputs next to it. Run with
// `npm run fixtures:update -w @codedocs/engine`, then read the git diff before committing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { FIXTURES, fixtureCases, renderFixture } from '../test/fixture-harness.ts';

const only = process.argv[2];
for (const caseName of fixtureCases()) {
  if (only && !caseName.startsWith(only)) continue;
  const rendered = await renderFixture(caseName);
  const path = join(FIXTURES, caseName, 'expected.json');
  // formatted as Prettier would, so `prettier --check` stays green after a rebuild
  const config = await resolveConfig(path);
  writeFileSync(path, await format(JSON.stringify(rendered), { ...config, filepath: path }));
  console.log(`updated ${caseName}`);
}
