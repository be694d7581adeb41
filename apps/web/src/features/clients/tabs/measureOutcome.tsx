import type { MeasureInsight } from '@halcyon/api/contract';
import { Badge } from '@halcyon/design-system';

/** "−7", "+3", "0": the change since baseline, with a real minus sign. */
export function signedChange(change: number): string {
  if (change < 0) return `−${Math.abs(change)}`;
  if (change > 0) return `+${change}`;
  return '0';
}

const OUTCOME_VARIANTS = {
  'reliable improvement': 'success',
  'reliable deterioration': 'danger',
  'no reliable change': 'neutral',
} as const;

/** "Reliable improvement" (green), "Reliable deterioration" (red) or "No reliable change", as the Assessments tab shows it. */
export function OutcomeBadge({ outcome }: { outcome: NonNullable<MeasureInsight['outcome']> }) {
  return <Badge variant={OUTCOME_VARIANTS[outcome]}>{outcome.charAt(0).toUpperCase() + outcome.slice(1)}</Badge>;
}
