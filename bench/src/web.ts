/**
 * `pnpm bench:web`: gzip size of the JavaScript needed for the first load of /Login and for /Dashboard signed in,
 * read from the Vite build manifest (run `pnpm --filter @halcyon/web build` first), against the budgets below. CI runs it
 * after the build: it exits 1 when a page is over its budget (or a chunk it names is missing from the build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');

/**
 * QUALITY.md: first-load JavaScript of /Login <= 90 KB gzip; JavaScript to show /Dashboard signed in <= 220 KB gzip,
 * held here at 180 KB to leave room for the domains to come. `routeChunks` are the modules main.tsx and the router load
 * for the page: /Login is the light entry (`LoginEntry`, no router); /Dashboard is the whole app, its shell and the page.
 */
const PAGES = [
  { name: '/Login', budgetKb: 90, routeChunks: ['src/app/LoginEntry.tsx'] },
  {
    name: '/Dashboard (signed in)',
    budgetKb: 180,
    routeChunks: ['src/App.tsx', 'src/shell/ShellLayout.tsx', 'src/pages/Dashboard/DashboardPage.tsx'],
  },
];

/** The chunk keys and every static import reachable from them (dynamic imports are not first-load). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bench:web: chunk ${key} is not in ${MANIFEST}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function gzipBytes(manifest: Manifest, keys: Set<string>): number {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) total += gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
  }
  return total;
}

function main(): void {
  if (!fs.existsSync(MANIFEST)) {
    console.error(`bench:web: ${MANIFEST} not found; run \`pnpm --filter @halcyon/web build\` first.`);
    process.exitCode = 1;
    return;
  }
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const rows = PAGES.map((page) => {
    const keys = closure(manifest, [...entries, ...page.routeChunks]);
    const kb = gzipBytes(manifest, keys) / KB;
    const ok = kb <= page.budgetKb;
    return {
      page: page.name,
      chunks: keys.size,
      'JS gzip (KB)': Number(kb.toFixed(1)),
      'budget (KB)': page.budgetKb,
      result: ok ? 'within budget' : 'OVER BUDGET',
    };
  });
  // eslint-disable-next-line no-console -- a benchmark's output is its table
  console.table(rows);
  for (const row of rows) {
    if (row.result === 'OVER BUDGET') {
      console.error(
        `OVER BUDGET: ${row.page} loads ${row['JS gzip (KB)']} KB gzip of JavaScript (budget ${row['budget (KB)']} KB)`,
      );
      process.exitCode = 1;
    }
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
