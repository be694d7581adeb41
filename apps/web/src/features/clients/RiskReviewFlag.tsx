import type { Client } from '@halcyon/api/contract';
import { Badge } from '@halcyon/design-system';
import { formatDate } from '@halcyon/api/time';

/**
 * "Risk review overdue", in red, when the current risk assessment is past its review date (the server decides with the
 * practice's local day); nothing otherwise.
 */
export function RiskReviewFlag({ client }: { client: Pick<Client, 'riskReviewOverdue' | 'riskReviewDue'> }) {
  if (!client.riskReviewOverdue) return null;
  return (
    <Badge variant="danger" data-flag="risk-review-overdue">
      Risk review overdue{client.riskReviewDue ? ` (due ${formatDate(client.riskReviewDue)})` : ''}
    </Badge>
  );
}
