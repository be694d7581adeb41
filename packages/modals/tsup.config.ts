import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';
import { prependCssImport } from '../../tooling/build/css-import';

const METAFILE = 'dist/metafile-esm.json';

interface Metafile {
  outputs: Record<string, { cssBundle?: string }>;
}

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  // Declarations come from tsc (tsconfig.build.json), file by file, as in the other two packages.
  dts: false,
  clean: true,
  sourcemap: true,
  metafile: true,
  external: ['react', 'react-dom', 'react/jsx-runtime', /^@halcyon\//],
  loader: { '.css': 'local-css' },
  onSuccess: async () => {
    await Promise.resolve();
    // Every JS file, the lazily loaded modal chunks included, imports the stylesheet esbuild split off it.
    if (fs.existsSync(METAFILE)) {
      const meta = JSON.parse(fs.readFileSync(METAFILE, 'utf8')) as Metafile;
      for (const [output, { cssBundle }] of Object.entries(meta.outputs)) {
        if (output.endsWith('.js') && cssBundle) prependCssImport(output, `./${path.basename(cssBundle)}`);
      }
      fs.rmSync(METAFILE);
    } else if (fs.existsSync('dist/index.css')) {
      prependCssImport('dist/index.js');
    }
  },
});
