import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn, type Rolldown } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

/**
 * A dynamic import's preload list need not name the chunks its importer already loaded statically: the browser has
 * them by the time the import runs. Vite lists every chunk of the imported module's closure, so the route table and the
 * shell repeated about 50 first-load chunks across their preload lists (about 0.7 KB gzip of /Dashboard's first load).
 * The plugin keeps the bundle's chunk graph (its `generateBundle` runs before Vite's preload rewrite) and
 * `resolveDependencies` drops what the importing chunk's static closure holds.
 */
function preloadOnlyWhatIsMissing(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  let bundle: Rolldown.OutputBundle = {};
  const closures = new Map<string, Set<string>>();
  const staticClosure = (fileName: string): Set<string> => {
    const known = closures.get(fileName);
    if (known) return known;
    const seen = new Set<string>();
    const visit = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      const chunk = bundle[name];
      if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
    };
    visit(fileName);
    closures.set(fileName, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'halcyon:preload-only-what-is-missing',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          closures.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => {
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}

const preload = preloadOnlyWhatIsMissing();

export default defineConfig({
  plugins: [react(), preload.plugin],
  server: {
    port: 3000,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // No inline module-preload polyfill: the CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      // Shared chunks are named by their hash alone: every name sits in the route table's preload lists and in each
      // importing chunk, and the readable part cost about 1 KB gzip of /Dashboard's first load (QUALITY.md budgets).
      // The source maps keep the module names for debugging.
      output: { chunkFileNames: 'assets/[hash].js', assetFileNames: 'assets/[hash][extname]' },
    },
  },
});
