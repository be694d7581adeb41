import { colorNames, shadows, themes, tokens, type ThemeName } from './tokens';

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

/** The full `tokens.css` text: light values on `:root`, dark values under `[data-theme="dark"]`. */
export function renderTokensCss(): string {
  const block = (selector: string, lines: string[]) =>
    [`  ${selector} {`, ...lines.map((line) => `    ${line}`), '  }'].join('\n');
  return [
    HEADER,
    '@layer hds.tokens {',
    block(':root', ['color-scheme: light;', ...themeLines('light'), ...sharedLines()]),
    '',
    block("[data-theme='dark']", ['color-scheme: dark;', ...themeLines('dark')]),
    '}',
    '',
  ].join('\n');
}
