// Indexes one small file through a parse pool and prints the object names: run by pool.test.ts
// under node options a worker thread would refuse (V8 flags), to show the pool still starts.
import { createParsePool } from '../../src/parse/pool.ts';

const pool = createParsePool({ threads: 1 });
try {
  const model = await pool.run({
    path: 'a.ts',
    content: 'export function greet(name: string) { return name; }\n',
    options: {},
  });
  console.log(JSON.stringify(model.objects.map((object) => object.name)));
} finally {
  await pool.destroy();
}
