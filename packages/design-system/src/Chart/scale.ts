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

/**
 * Which x labels to draw so that none overlap: every label when they fit side by side in `plotWidth` px, otherwise
 * every n-th, n chosen from the longest label's width. Never more than twelve.
 */
export function labelEvery(labels: readonly string[], plotWidth: number): number {
  const count = labels.length;
  if (count === 0) return 1;
  const longest = Math.max(...labels.map((label) => label.length));
  const labelWidth = longest * CHARACTER_EM * LABEL_FONT_PX + LABEL_GAP_PX;
  const fit = Math.max(1, Math.min(12, Math.floor(plotWidth / labelWidth)));
  return Math.max(1, Math.ceil(count / fit));
}
