export { BarChart, LineChart } from './Chart';
export type { BarChartProps, ChartProps, ChartView } from './Chart';
export { downloadCsv, toCsv } from './csv';
export type { ChartData, ChartSeries, ReferenceLine } from './types';
export { Sparkline } from './Sparkline';
export type { SparklineProps } from './Sparkline';
