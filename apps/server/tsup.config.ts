import { defineConfig } from 'tsup';

// The server ships as one ESM bundle; workspace packages (TypeScript sources) are bundled in, npm dependencies stay external.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@halcyon\//],
});
