export interface ChartSeries {
  label: string;
  /** One value per x label; `null` leaves a gap. */
  values: (number | null)[];
}

export interface ChartData {
  /** The x axis labels, e.g. months. */
  labels: string[];
  series: ChartSeries[];
}

/** A horizontal line across the plot, e.g. a clinical cut-off ("Moderate (10)"). */
export interface ReferenceLine {
  value: number;
  label: string;
  variant?: 'danger' | 'warning' | 'info';
}
