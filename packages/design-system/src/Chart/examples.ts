/** Sample data shared by the Chart stories and tests. Not exported from the package. */
import type { ChartData } from './types';

export const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const income: ChartData = {
  labels: months,
  series: [
    { label: 'Income', values: [4200, 3900, 4650, 4400, 4800, 5100, 3800, 3500, 4900, 5200, 5350, 4100] },
    { label: 'Outstanding', values: [600, 450, 700, 300, 520, 610, 900, 750, 400, 380, 500, 820] },
  ],
};

/** PHQ-9 scores over twelve sessions, with a missed measure at session 5. */
export const phq9: ChartData = {
  labels: Array.from({ length: 12 }, (_, i) => `S${i + 1}`),
  series: [{ label: 'PHQ-9', values: [21, 19, 18, 16, null, 14, 12, 11, 9, 8, 7, 6] }],
};

export const attendance: ChartData = {
  labels: ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8'],
  series: [
    { label: 'Attended', values: [18, 20, 17, 22, 19, 21, 16, 23] },
    { label: 'Cancelled', values: [2, 1, 3, 1, 2, 0, 4, 1] },
    { label: 'No-show', values: [1, 0, 2, 1, 0, 1, 2, 0] },
  ],
};
