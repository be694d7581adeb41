import { colorNames, densities, shadows, themes, tokens, type Density, type ThemeName } from './tokens';

const HEADER = '/* Generated from tokens.ts by `pnpm --filter @halcyon/design-system tokens`. Do not edit by hand. */';

function themeLines(theme: ThemeName): string[] {
  const colors = themes[theme];
  const shadow = shadows[theme];
  return [
    ...colorNames.map((name) => `--hds-color-${name}: ${colors[name]};`),
    ...Object.entries(shadow).map(([name, value]) => `--hds-shadow-${name}: ${value};`),
  ];
}

function sharedLines(): string[] {
  return Object.entries(tokens).flatMap(([group, values]) =>
    Object.entries(values).map(([name, value]) => `--hds-${group}-${name}: ${value};`),
  );
}

function densityLines(density: Density): string[] {
  return Object.entries(densities[density]).map(([name, value]) => `--hds-density-${name}: ${value};`);
}

/**
 * The full `tokens.css` text: light values and the comfortable density on `:root`; the OS colour scheme decides while
 * `<html>` has no `data-theme`; `data-theme` and `data-density` on any element switch what is inside it.
 */
export function renderTokensCss(): string {
  const block = (selector: string, lines: string[], indent = '  ') =>
    [`${indent}${selector} {`, ...lines.map((line) => `${indent}  ${line}`), `${indent}}`].join('\n');
  const light = ['color-scheme: light;', ...themeLines('light')];
  const dark = ['color-scheme: dark;', ...themeLines('dark')];
  return [
    HEADER,
    '@layer hds.tokens {',
    block(':root', [...light, ...sharedLines(), ...densityLines('comfortable')]),
    '',
    block("[data-theme='light']", light),
    '',
    block("[data-theme='dark']", dark),
    '',
    '  @media (prefers-color-scheme: dark) {',
    block(':root:not([data-theme])', dark, '    '),
    '  }',
    '',
    block("[data-density='comfortable']", densityLines('comfortable')),
    '',
    block("[data-density='compact']", densityLines('compact')),
    '}',
    '',
  ].join('\n');
}
