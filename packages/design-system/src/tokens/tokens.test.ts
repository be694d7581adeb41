import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderTokensCss } from './css';
import { contrastPairs, contrastRatio } from './contrast';
import { breakpoints, colorNames, densities, themes, type ThemeName } from './tokens';

const themeNames: ThemeName[] = ['light', 'dark'];

describe('design tokens', () => {
  it('given tokens.ts, when tokens.css is compared with a fresh render, then it is up to date', () => {
    const onDisk = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'tokens.css'), 'utf8');
    // If this fails, run: pnpm --filter @halcyon/design-system tokens
    expect(onDisk).toBe(renderTokensCss());
  });

  it('given the agreed names, then every one is a CSS variable in tokens.css', () => {
    const css = renderTokensCss();
    const names = [
      ...colorNames.map((n) => `color-${n}`),
      ...[0, 1, 2, 3, 4, 5, 6, 8, 10, 12].map((n) => `space-${n}`),
      ...['sm', 'md', 'lg', 'full'].map((n) => `radius-${n}`),
      'font-sans',
      'font-mono',
      ...['xs', 'sm', 'md', 'lg', 'xl', '2xl'].map((n) => `font-size-${n}`),
      ...['regular', 'medium', 'semibold', 'bold'].map((n) => `font-weight-${n}`),
      'line-height-tight',
      'line-height-normal',
      ...['sm', 'md', 'lg'].map((n) => `shadow-${n}`),
      'duration-fast',
      'duration-normal',
      'easing-standard',
      ...['dropdown', 'sticky', 'overlay', 'modal', 'toast', 'tooltip'].map((n) => `z-${n}`),
      ...[
        'control-sm',
        'control-md',
        'control-lg',
        'icon-sm',
        'icon-md',
        'sidebar',
        'sidebar-collapsed',
        'side-panel',
      ].map((n) => `size-${n}`),
    ];
    for (const name of names) expect(css, name).toContain(`--hds-${name}:`);
    expect(css).toContain('@layer hds.tokens');
    expect(css).toContain("[data-theme='dark']");
    expect(breakpoints.sidebar).toBe(1200);
  });

  it('given an app that sets no data-theme, then the OS colour scheme decides, and data-theme on any element overrides it', () => {
    const css = renderTokensCss();
    const osDark = /@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme\]\) \{([^}]*)\}/.exec(css);
    expect(osDark?.[1]).toContain(`--hds-color-bg: ${themes.dark.bg};`);
    expect(osDark?.[1]).toContain('color-scheme: dark;');
    const light = /\[data-theme='light'\] \{([^}]*)\}/.exec(css);
    expect(light?.[1]).toContain(`--hds-color-bg: ${themes.light.bg};`);
  });

  it('given data-density, then tables and forms get the compact or comfortable sizes, comfortable by default', () => {
    const css = renderTokensCss();
    const root = /:root \{([^}]*)\}/.exec(css)?.[1] ?? '';
    const compact = /\[data-density='compact'\] \{([^}]*)\}/.exec(css)?.[1] ?? '';
    for (const [name, value] of Object.entries(densities.comfortable))
      expect(root).toContain(`--hds-density-${name}: ${value};`);
    for (const [name, value] of Object.entries(densities.compact))
      expect(compact).toContain(`--hds-density-${name}: ${value};`);
    expect(densities.compact['control-height']).not.toBe(densities.comfortable['control-height']);
  });

  describe.each(themeNames)('the %s theme', (theme) => {
    it.each(contrastPairs.map((p) => [p.fg, p.bg, p.min] as const))(
      'given %s on %s, then the contrast ratio is at least %s:1',
      (fg, bg, min) => {
        const ratio = contrastRatio(themes[theme][fg], themes[theme][bg]);
        expect(ratio, `${theme}: ${fg} on ${bg} = ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(min);
      },
    );
  });
});
