import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 3000,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // No inline module-preload polyfill: the CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Shared chunks are named by their hash alone: every name sits in the route table's preload lists and in each
      // importing chunk, and the readable part cost about 1 KB gzip of /Dashboard's first load (QUALITY.md budgets).
      // The source maps keep the module names for debugging.
      output: { chunkFileNames: 'assets/[hash].js' },
    },
  },
});
