// Bundles the server into dist/server.js for `npm start` and the worker-only process into
// dist/worker.js for `npm run worker`. Our workspace packages (@codedocs/*)
// export TypeScript source, so they are bundled; every other package stays external and is
// loaded from node_modules at run time (native addons and pino's worker transports need that).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** @type {import('esbuild').Plugin} */
const externalizeDependencies = {
  name: 'externalize-dependencies',
  setup(pluginBuild) {
    // Bare specifiers (`fastify`, `node:fs`, `@fastify/helmet`) other than @codedocs/* packages.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@codedocs/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  absWorkingDir: here,
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    // the engine's parser thread (piscina loads it by file name; see services/livedocs/parse-pool)
    'engine-worker': '../../packages/engine/src/worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalizeDependencies],
});
console.log('built apps/server/dist/server.js, dist/worker.js and dist/engine-worker.js');
