import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FIXTURES, fixtureCases, renderFixture } from './fixture-harness.ts';

// Fixture → expected JSON (TypeDoc's converter tests): a failing case shows the diff; if the new
// output is right, `npm run fixtures:update -w @codedocs/engine` rewrites it for review.
test.each(fixtureCases())('fixture %s matches expected.json', async (caseName) => {
  const expected = JSON.parse(readFileSync(join(FIXTURES, caseName, 'expected.json'), 'utf8'));
  expect(JSON.parse(JSON.stringify(await renderFixture(caseName)))).toEqual(expected);
});
