/** Writes tokens.css next to this file. Run with `pnpm --filter @halcyon/design-system tokens`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderTokensCss } from './css';

const target = fileURLToPath(new URL('./tokens.css', import.meta.url));
writeFileSync(target, renderTokensCss());
console.info(`Wrote ${target}`);
