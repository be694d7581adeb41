import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { entries } from './entries';

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as PackageJson;
const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
/** Every dependency stays an import (the consumer's bundler resolves and dedupes it): `react`, `react/jsx-runtime`, ... */
const isExternal = (id: string) => dependencies.some((name) => id === name || id.startsWith(`${name}/`));

const TOKENS_IMPORT = "@import '../tokens/tokens.css';\n";

/**
 * Each built module imports the stylesheet of its own CSS modules (`Button/Button.js` imports `./Button.css`), so a
 * component's CSS travels with it and an app pays only for the components it imports. `styles.css` is all of them in
 * one file, for bundlers that do not follow CSS imports. `tokens.css` and `base.css` (tokens + document base) are opt-in.
 */
function cssPerModule(): Plugin {
  return {
    name: 'halcyon:css-per-module',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const all: string[] = [];
      // `Button.module.css` is already scoped: published as `Button.css`, so the app's bundler does not scope it again.
      const renamed = new Map<string, string>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'asset' || !fileName.endsWith('.css')) continue;
        all.push(String(output.source));
        if (!fileName.endsWith('.module.css')) continue;
        const published = fileName.replace(/\.module\.css$/, '.css');
        this.emitFile({ type: 'asset', fileName: published, source: output.source });
        renamed.set(fileName, published);
        delete bundle[fileName];
      }
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const css = [...(output.viteMetadata?.importedCss ?? [])].map((file) => renamed.get(file) ?? file);
        const lines = css.map((file) => {
          const relative = path.posix.relative(path.posix.dirname(output.fileName), file);
          return `import '${relative.startsWith('.') ? relative : `./${relative}`}';\n`;
        });
        output.code = lines.join('') + output.code;
      }
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: all.join('\n') });
      // The opt-in stylesheets, as plain CSS: the tokens, and the base with the tokens inlined where it imports them.
      const tokensCss = fs.readFileSync('src/tokens/tokens.css', 'utf8');
      const baseSource = fs.readFileSync('src/base/base.css', 'utf8');
      if (!baseSource.includes(TOKENS_IMPORT)) throw new Error(`src/base/base.css must start with: ${TOKENS_IMPORT}`);
      const baseCss = baseSource.replace(TOKENS_IMPORT, tokensCss);
      this.emitFile({ type: 'asset', fileName: 'tokens.css', source: tokensCss });
      this.emitFile({ type: 'asset', fileName: 'base.css', source: baseCss });
    },
  };
}

// One ES module per source module (tree-shaking by file), declarations from `tsc -p tsconfig.build.json`.
export default defineConfig({
  plugins: [react(), cssPerModule()],
  css: { modules: { generateScopedName: 'hds-[folder]-[local]-[hash:base64:5]' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    cssCodeSplit: true,
    cssMinify: true,
    lib: { entry: entries, formats: ['es'] },
    rolldownOptions: {
      external: isExternal,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        assetFileNames: '[name][extname]',
      },
    },
  },
});
