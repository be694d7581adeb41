import fs from 'node:fs';
import { defineConfig } from 'tsup';
import { prependCssImport } from '../../tooling/build/css-import';

// ESM + declarations; CSS modules are bundled into dist/index.css (imported by consumers as ./styles.css).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  // tsup passes baseUrl to TypeScript, which TypeScript 6 deprecates.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  loader: { '.css': 'local-css' },
  onSuccess: async () => {
    await Promise.resolve();
    fs.copyFileSync('src/tokens/tokens.css', 'dist/tokens.css');
    prependCssImport('dist/index.js');
  },
});
