import type { ChartData } from './types';

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The chart's data as CSV: a header row (`xLabel`, then one column per series), then one row per x label. */
export function toCsv(data: ChartData, xLabel = 'Label'): string {
  const header = [xLabel, ...data.series.map((s) => s.label)];
  const rows = data.labels.map((label, i) => [label, ...data.series.map((s) => s.values[i] ?? null)]);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
}

/** Saves text as a file through a Blob and an object URL (revoked afterwards). */
export function downloadCsv(csv: string, filename: string): void {
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename.endsWith('.csv') ? filename : `${filename}.csv`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
