/**
 * Halcyon design tokens: the single source of truth. `pnpm --filter @halcyon/design-system tokens` writes them to
 * `tokens.css` as `--hds-*` custom properties (light on `:root`, dark under `[data-theme="dark"]`).
 *
 * The palette is calm and legible for long clinical days: a soft warm-grey background, white surfaces, deep teal for
 * actions. Every text/background pair meets WCAG AA (4.5:1) in both themes; `tokens.test.ts` proves it.
 */

/** Colour token names, shared by both themes. */
export const colorNames = [
  'bg',
  'surface',
  'surface-raised',
  'surface-sunken',
  'border',
  'border-strong',
  'text',
  'text-muted',
  'text-inverse',
  'accent',
  'accent-hover',
  // `accent-text` and `danger-text` are for text ON an accent or danger fill (a primary button, a count badge), never
  // on a surface: they are white in the light theme. Text in the danger colour on a surface is `danger` (usage.test.ts).
  'accent-text',
  'accent-subtle',
  'focus',
  'danger',
  'danger-hover',
  'danger-text',
  'danger-subtle',
  'success',
  'success-subtle',
  'warning',
  'warning-subtle',
  'info',
  'info-subtle',
  'overlay',
  // The calendar's event colours (a service's colour on its events' edge).
  'event-teal',
  'event-blue',
  'event-violet',
  'event-amber',
  'event-rose',
  'event-green',
] as const;
export type ColorName = (typeof colorNames)[number];
export type ThemeName = 'light' | 'dark';
export type ColorScale = Readonly<Record<ColorName, string>>;

const light: ColorScale = {
  bg: '#f5f6f4',
  surface: '#ffffff',
  'surface-raised': '#ffffff',
  'surface-sunken': '#eceeeb',
  border: '#d3d9d6',
  'border-strong': '#7b8884',
  text: '#1c2729',
  'text-muted': '#4b5a5c',
  'text-inverse': '#ffffff',
  accent: '#1d6660',
  'accent-hover': '#16524d',
  'accent-text': '#ffffff',
  'accent-subtle': '#e1f0ed',
  focus: '#1b5eb3',
  danger: '#b3261e',
  'danger-hover': '#8f1e18',
  'danger-text': '#ffffff',
  'danger-subtle': '#fbeceb',
  success: '#1f6e43',
  'success-subtle': '#e4f3e9',
  warning: '#875400',
  'warning-subtle': '#fcf2dc',
  info: '#1d5ea6',
  'info-subtle': '#e5eefa',
  overlay: 'rgb(16 24 26 / 0.5)',
  'event-teal': '#0f766e',
  'event-blue': '#1d4ed8',
  'event-violet': '#6d28d9',
  'event-amber': '#b45309',
  'event-rose': '#be123c',
  'event-green': '#15803d',
};

const dark: ColorScale = {
  bg: '#121719',
  surface: '#192022',
  'surface-raised': '#20292b',
  'surface-sunken': '#0d1112',
  border: '#2f3b3d',
  'border-strong': '#6b7a7d',
  text: '#e5ebe9',
  'text-muted': '#a6b3b0',
  'text-inverse': '#121719',
  accent: '#6cc4b8',
  'accent-hover': '#8ad3c9',
  'accent-text': '#0b1d1b',
  'accent-subtle': '#17332f',
  focus: '#80b4ff',
  danger: '#f28b82',
  'danger-hover': '#f6a9a2',
  'danger-text': '#2a0c09',
  'danger-subtle': '#3b1b19',
  success: '#72cf98',
  'success-subtle': '#163324',
  warning: '#eec06a',
  'warning-subtle': '#382c12',
  info: '#8dbaf0',
  'info-subtle': '#16283d',
  overlay: 'rgb(0 0 0 / 0.6)',
  'event-teal': '#2dd4bf',
  'event-blue': '#60a5fa',
  'event-violet': '#a78bfa',
  'event-amber': '#fbbf24',
  'event-rose': '#fb7185',
  'event-green': '#4ade80',
};

/** Colours per theme. */
export const themes: Readonly<Record<ThemeName, ColorScale>> = { light, dark };

/** Spacing scale: step 1 = 0.25rem. */
export const space = {
  0: '0',
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.25rem',
  6: '1.5rem',
  8: '2rem',
  10: '2.5rem',
  12: '3rem',
} as const;

export const radius = { sm: '0.25rem', md: '0.5rem', lg: '0.75rem', full: '9999px' } as const;

export const font = {
  sans: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif",
  mono: "'JetBrains Mono', ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

export const fontSize = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  '2xl': '1.75rem',
} as const;

export const fontWeight = { regular: '400', medium: '500', semibold: '600', bold: '700' } as const;

export const lineHeight = { tight: '1.25', normal: '1.5' } as const;

/** Shadows differ per theme: dark surfaces need a deeper shadow to read as raised. */
export const shadows: Readonly<Record<ThemeName, Readonly<Record<'sm' | 'md' | 'lg', string>>>> = {
  light: {
    sm: '0 1px 2px rgb(16 24 26 / 0.08)',
    md: '0 2px 8px rgb(16 24 26 / 0.1), 0 1px 2px rgb(16 24 26 / 0.06)',
    lg: '0 12px 32px rgb(16 24 26 / 0.16), 0 2px 6px rgb(16 24 26 / 0.08)',
  },
  dark: {
    sm: '0 1px 2px rgb(0 0 0 / 0.4)',
    md: '0 2px 8px rgb(0 0 0 / 0.45), 0 1px 2px rgb(0 0 0 / 0.3)',
    lg: '0 12px 32px rgb(0 0 0 / 0.55), 0 2px 6px rgb(0 0 0 / 0.35)',
  },
};

export const duration = { fast: '120ms', normal: '200ms' } as const;
export const easing = { standard: 'cubic-bezier(0.2, 0, 0, 1)' } as const;

export const zIndex = {
  /** Above modals and side panels: a Select, menu or popover opened inside a dialog must sit over its overlay. */
  dropdown: '1350',
  sticky: '1100',
  overlay: '1200',
  modal: '1300',
  toast: '1400',
  tooltip: '1500',
} as const;

/** Borders and focus rings (the only hairline sizes components may use). */
export const borderWidth = { thin: '1px', thick: '2px' } as const;

export const size = {
  'control-sm': '2rem',
  'control-md': '2.5rem',
  'control-lg': '3rem',
  'icon-sm': '1rem',
  'icon-md': '1.25rem',
  sidebar: '16rem',
  'sidebar-collapsed': '4rem',
  'side-panel': '24rem',
} as const;

/**
 * Density of tables and forms, as `--hds-density-*`: comfortable by default; `data-density="compact"` on any element
 * makes the tables and form controls inside it denser (`data-density="comfortable"` switches back inside that).
 */
export const densities = {
  comfortable: {
    'control-height': size['control-md'],
    'cell-padding-block': space[2],
    'cell-padding-inline': space[3],
  },
  compact: {
    'control-height': size['control-sm'],
    'cell-padding-block': space[1],
    'cell-padding-inline': space[2],
  },
} as const;
export type Density = keyof typeof densities;

/** Breakpoints in CSS pixels, for `matchMedia` and media queries: the sidebar collapses below `sidebar`. */
export const breakpoints = { sidebar: 1200 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Every theme-independent token, grouped as they appear in CSS (`--hds-<group>-<name>`). */
export const tokens = {
  space,
  radius,
  font,
  'font-size': fontSize,
  'font-weight': fontWeight,
  'line-height': lineHeight,
  duration,
  easing,
  z: zIndex,
  'border-width': borderWidth,
  size,
} as const;

/** `cssVar('color', 'accent')` -> `var(--hds-color-accent)`, for inline styles that must follow the theme. */
export function cssVar(group: string, name: string | number): string {
  return `var(--hds-${group}-${name})`;
}
