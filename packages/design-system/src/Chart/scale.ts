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

/** Shows every label when few, otherwise about twelve evenly spaced ones. */
export function labelEvery(count: number): number {
  return Math.max(1, Math.ceil(count / 12));
}
