import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** Where `npm run dev` forwards /api; the API server listens on 3000 unless told otherwise. */
const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Gives recharts (in the activity screen's lazy chunk) its own copies of the packages it shares
 * with the app (Redux Toolkit, react-redux, immer, clsx…), React aside. Shared, each such module
 * would sit in a chunk the first page loads, carrying every export either side uses; copied, the
 * first page loads what it loaded before the charts existed.
 */
function chartsOwnDependencies(): Plugin {
  const COPY = '?charts';
  const inRecharts = /[\\/]node_modules[\\/]recharts[\\/]/;
  const react = /^react(-dom)?($|\/)/;
  return {
    name: 'charts-own-dependencies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0') || react.test(source)) return null;
      const copy = importer.endsWith(COPY);
      if (!copy && !inRecharts.test(importer)) return null;
      const from = copy ? importer.slice(0, -COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.includes('node_modules')) return null;
      if (inRecharts.test(resolved.id) || resolved.id.includes('?')) return null;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), chartsOwnDependencies()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiProxyTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
});
