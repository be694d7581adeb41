/** Rounds a step up to 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** A y axis from `min` to `max` with about `count` round ticks; always includes zero. */
export function niceScale(min: number, max: number, count = 5): { min: number; max: number; ticks: number[] } {
  let lo = Math.min(0, min);
  let hi = Math.max(0, max);
  if (lo === hi) hi = lo + 1;
  const step = niceStep((hi - lo) / count);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Number(t.toFixed(10)));
  return { min: lo, max: hi, ticks };
}

/** The x labels' font size in px (`--hds-font-size-xs`) and the average width of a character in ems (a sans face). */
export const LABEL_FONT_PX = 12;
const CHARACTER_EM = 0.62;
/** The space kept between two neighbouring labels, in px. */
const LABEL_GAP_PX = 12;

/** The estimated drawn width of `text` in px at the labels' font size. */
export function textWidth(text: string): number {
  return text.length * CHARACTER_EM * LABEL_FONT_PX;
}

/**
 * Which x labels to draw so that none overlap: every label when they fit side by side in `plotWidth` px, otherwise
 * every n-th, n chosen from the longest label's width. Never more than twelve.
 */
export function labelEvery(labels: readonly string[], plotWidth: number): number {
  const count = labels.length;
  if (count === 0) return 1;
  const labelWidth = Math.max(...labels.map(textWidth)) + LABEL_GAP_PX;
  const fit = Math.max(1, Math.min(12, Math.floor(plotWidth / labelWidth)));
  return Math.max(1, Math.ceil(count / fit));
}

/** The horizontal room a label slanted at 45° needs from its neighbour, in px (its line height over sin 45°). */
const SLANTED_PITCH_PX = 22;

export interface XLabelLayout {
  /** Draw every n-th label. */
  every: number;
  /** Whether the labels are slanted at 45° (they did not fit side by side). */
  slanted: boolean;
  /** The height the labels take below the plot, in px. */
  height: number;
}

/**
 * How to draw the x labels in `plotWidth` px: side by side when every one fits. Otherwise a line's points along time are
 * thinned to every n-th date (`slant` false); a bar's labels are slanted at 45° (`slant` true), which fits a label every
 * 22 px whatever its length, so no bar is left unnamed (a chart of six statuses names all six); only past that are
 * they thinned too.
 */
export function xLabelLayout(labels: readonly string[], plotWidth: number, slant: boolean): XLabelLayout {
  const every = labelEvery(labels, plotWidth);
  const flat = { every, slanted: false, height: 28 };
  if (labels.length === 0 || every === 1 || !slant) return flat;
  const fit = Math.max(1, Math.floor(plotWidth / SLANTED_PITCH_PX));
  const longest = Math.max(...labels.map(textWidth));
  return {
    every: Math.max(1, Math.ceil(labels.length / fit)),
    slanted: true,
    height: Math.ceil(longest * Math.SQRT1_2 + LABEL_FONT_PX) + 12,
  };
}

/** A rectangle of the drawing, in px (y grows downwards). */
export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Where to write a reference line's name so it hides the least of the data: at the plot's right end above the line,
 * else right below, left above, left below; the first that covers nothing, or the one that covers least.
 */
export function placeLabel(
  label: string,
  lineY: number,
  plot: { x0: number; x1: number },
  obstacles: readonly Box[],
): { x: number; y: number; anchor: 'start' | 'end' } {
  // Semibold text is a little wider than the estimate for regular text.
  const width = textWidth(label) * 1.08;
  const candidates = [
    { x: plot.x1, y: lineY - 5, anchor: 'end' as const },
    { x: plot.x1, y: lineY + LABEL_FONT_PX + 3, anchor: 'end' as const },
    { x: plot.x0 + 4, y: lineY - 5, anchor: 'start' as const },
    { x: plot.x0 + 4, y: lineY + LABEL_FONT_PX + 3, anchor: 'start' as const },
  ];
  let best = candidates[0]!;
  let fewest = Infinity;
  for (const candidate of candidates) {
    const x0 = candidate.anchor === 'end' ? candidate.x - width : candidate.x;
    const box = { x0, x1: x0 + width, y0: candidate.y - LABEL_FONT_PX, y1: candidate.y + 3 };
    const covered = obstacles.filter((obstacle) => overlaps(box, obstacle)).length;
    if (covered < fewest) [best, fewest] = [candidate, covered];
    if (covered === 0) break;
  }
  return best;
}
