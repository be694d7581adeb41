import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    'contract/index': 'src/contract/index.ts',
    'client/index': 'src/client/index.ts',
    'swr/index': 'src/swr/index.ts',
    'testing/index': 'src/testing/index.ts',
  },
  format: ['esm'],
  // tsup passes baseUrl to TypeScript, which TypeScript 6 deprecates.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  external: ['react', 'react/jsx-runtime', 'swr', 'zod'],
});
