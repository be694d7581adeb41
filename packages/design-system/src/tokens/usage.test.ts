import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Every stylesheet of the monorepo's sources that use the tokens: the packages' and the web app's. */
function stylesheets(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.css') && entry.name !== 'tokens.css') found.push(path);
    }
  };
  for (const dir of ['packages', 'apps/web/src']) walk(join(repoRoot, dir));
  return found;
}

/** The innermost rule blocks of a stylesheet (comments removed): selector and declarations. */
function ruleBlocks(css: string): { selector: string; body: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1]!.trim(), body: m[2]! }));
}

/**
 * The colours made for text on a fill (`accent-text`, `danger-text`: white in the light theme) used as the text colour of
 * a rule that does not also paint that fill: text that is invisible on a white surface. It happened in six places (an
 * overdue task's date, a billing form's error, a void invoice's stamp), where no story or page check showed that state.
 */
function onFillMisuses(): string[] {
  const misuses: string[] = [];
  for (const file of stylesheets()) {
    for (const { selector, body } of ruleBlocks(readFileSync(file, 'utf8'))) {
      for (const [, fill] of body.matchAll(/(?:^|[;\s])color:\s*var\(--hds-color-(accent|danger)-text\)/g)) {
        const painted = new RegExp(`background(?:-color)?:\\s*var\\(--hds-color-${fill}(?:-hover)?\\)`).test(body);
        if (!painted) misuses.push(`${relative(repoRoot, file)}: ${selector}`);
      }
    }
  }
  return misuses;
}

describe('colour tokens in use', () => {
  it('given every stylesheet, then text colours made for a fill are used only on that fill', () => {
    expect(stylesheets().length).toBeGreaterThan(50);
    expect(onFillMisuses()).toEqual([]);
  });
});
