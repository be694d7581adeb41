/** WCAG 2.x relative luminance and contrast ratio for `#rrggbb` colours. */
import type { ColorName } from './tokens';

function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (0 black .. 1 white) of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`Expected a #rrggbb colour, got ${hex}`);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** Contrast ratio between two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A foreground/background pair the components actually render, with the WCAG minimum it must meet. */
export interface ContrastPair {
  fg: ColorName;
  bg: ColorName;
  /** 4.5 for text, 3 for non-text UI (focus rings, input borders). */
  min: number;
}

const surfaces: ColorName[] = ['bg', 'surface', 'surface-raised', 'surface-sunken'];
const text = (fg: ColorName, bgs: ColorName[]): ContrastPair[] => bgs.map((bg) => ({ fg, bg, min: 4.5 }));

/** Every pair checked in both themes by tokens.test.ts and shown in the Storybook tokens gallery. */
export const contrastPairs: readonly ContrastPair[] = [
  ...text('text', surfaces),
  ...text('text-muted', surfaces),
  ...text('accent-text', ['accent', 'accent-hover']),
  ...text('danger-text', ['danger', 'danger-hover']),
  ...text('text-inverse', ['text']),
  // Links and inline error messages use the accent / danger colours as text.
  ...text('accent', ['bg', 'surface', 'surface-raised']),
  ...text('danger', ['bg', 'surface', 'surface-raised']),
  // Text and status text on tinted (subtle) backgrounds: banners, badges, selected rows.
  ...text('text', ['accent-subtle', 'danger-subtle', 'success-subtle', 'warning-subtle', 'info-subtle']),
  ...text('text-muted', ['accent-subtle']),
  { fg: 'accent', bg: 'accent-subtle', min: 4.5 },
  { fg: 'danger', bg: 'danger-subtle', min: 4.5 },
  { fg: 'success', bg: 'success-subtle', min: 4.5 },
  { fg: 'warning', bg: 'warning-subtle', min: 4.5 },
  { fg: 'info', bg: 'info-subtle', min: 4.5 },
  // Non-text contrast (WCAG 1.4.11): focus rings and control borders.
  ...surfaces.map((bg): ContrastPair => ({ fg: 'focus', bg, min: 3 })),
  ...(['bg', 'surface', 'surface-raised'] as ColorName[]).map((bg): ContrastPair => ({
    fg: 'border-strong',
    bg,
    min: 3,
  })),
  // A calendar event's colour edge against the grid and the event's own tint (a session's, an appointment's).
  ...(['event-teal', 'event-blue', 'event-violet', 'event-amber', 'event-rose', 'event-green'] as ColorName[]).flatMap(
    (fg) =>
      (['surface', 'accent-subtle', 'info-subtle'] as ColorName[]).map((bg): ContrastPair => ({ fg, bg, min: 3 })),
  ),
];
