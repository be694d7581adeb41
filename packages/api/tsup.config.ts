import fs from 'node:fs';
import { defineConfig } from 'tsup';

/** One entry per contract domain, published as `@halcyon/api/contract/<domain>` (the domain's schemas and routes only). */
const domainEntries = Object.fromEntries(
  fs
    .readdirSync('src/contract/domains')
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => [`contract/domains/${file.slice(0, -'.ts'.length)}`, `src/contract/domains/${file}`]),
);

export default defineConfig({
  entry: {
    'contract/index': 'src/contract/index.ts',
    ...domainEntries,
    'client/index': 'src/client/index.ts',
    'swr/index': 'src/swr/index.ts',
    'testing/index': 'src/testing/index.ts',
    'time/index': 'src/time/index.ts',
    money: 'src/money.ts',
  },
  format: ['esm'],
  // Declarations come from tsc (tsconfig.build.json), file by file as the design system's do: tsup's bundled ones
  // took 101 s for this package's contract on two cores, tsc 28 s.
  dts: false,
  clean: true,
  sourcemap: true,
  external: ['react', 'react/jsx-runtime', 'swr', 'zod', '@date-fns/tz'],
});
