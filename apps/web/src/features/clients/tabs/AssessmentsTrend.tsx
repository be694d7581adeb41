import type { MeasureInsight } from '@halcyon/api/contract';
import { LineChart } from '@halcyon/design-system/charts';
import { formatDate } from '@halcyon/api/time';

/**
 * One measure's scores over time with its clinical cut-off as a reference line. Loaded lazily by the Assessments tab, so
 * the chart code stays out of the main bundle.
 */
export function AssessmentsTrend({ insight }: { insight: MeasureInsight }) {
  return (
    <LineChart
      title={`${insight.name} scores over time`}
      description={`${insight.better === 'higher' ? 'Higher is better' : 'Higher is more severe'}. Range ${insight.minScore}–${insight.maxScore}.`}
      xLabel="Date"
      yLabel="Score"
      filename={`${insight.measure}-scores`}
      data={{
        labels: insight.series.map((point) => formatDate(point.date)),
        series: [{ label: insight.name, values: insight.series.map((point) => point.score) }],
      }}
      referenceLines={[
        { value: insight.clinicalCutoff, label: `Clinical cut-off (${insight.clinicalCutoff})`, variant: 'warning' },
      ]}
    />
  );
}
