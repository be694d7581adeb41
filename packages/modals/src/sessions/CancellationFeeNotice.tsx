import { describeOffset, describeRuleFee, describeRuleNotice, type CancellationFee } from '@halcyon/api/contract';
import type { RouteResource } from '@halcyon/api/swr';
import { Button, formatMoney, Skeleton } from '@halcyon/design-system';
import styles from './CancellationFeeNotice.module.css';

const money = (minor: number, currency: string) => formatMoney(minor, currency);

/** The notice a cancellation gives, in words: "30 hours’ notice", "no notice". */
function noticeWords(fee: CancellationFee): string {
  if (fee.hoursBeforeStart <= 0) return 'no notice';
  const minutes = Math.round(fee.hoursBeforeStart * 60);
  return `${describeOffset(minutes >= 60 ? Math.floor(minutes / 60) * 60 : Math.max(minutes, 1))}’ notice`;
}

/**
 * What the cancellation policy charges for this session, in a sentence: the fee and the rule it comes from, or why
 * there is none (no rule applies, or a percentage of a session without a price). It names amounts: place it inside the
 * modal's sensitive fields, which Privacy blurs.
 */
export function CancellationFeeNotice({ fee }: { fee: RouteResource<'getCancellationFee'> }) {
  if (fee.error) {
    return (
      <p className={styles.notice} role="status">
        The fee of your cancellation policy could not be worked out just now.{' '}
        <Button variant="ghost" size="sm" onClick={() => void fee.retry()}>
          Retry
        </Button>
      </p>
    );
  }
  const data = fee.data;
  if (!data) return <Skeleton width="70%" aria-label="Working out the cancellation fee" />;
  if (!data.rule) {
    return (
      <p className={styles.notice} role="status">
        {data.kind === 'did not attend'
          ? 'No rule of your cancellation policy covers a missed session, so there is no fee.'
          : `No rule of your cancellation policy applies to a cancellation with ${noticeWords(data)}, so there is no fee.`}
      </p>
    );
  }
  const notice = describeRuleNotice(data.rule.triggerInHoursBeforeStart).toLowerCase();
  if (data.feeMinor === null) {
    return (
      <p className={styles.notice} role="status">
        Your cancellation policy charges {describeRuleFee(data.rule, money)} ({notice}), but this session has no price,
        so no fee can be worked out.
      </p>
    );
  }
  const share =
    data.rule.feeKind === 'percent' && data.priceMinor !== null
      ? `: ${data.rule.feePercent}% of the ${money(data.priceMinor, data.currency)} session price`
      : '';
  return (
    <p className={styles.notice} role="status">
      Per your cancellation policy ({notice}), the fee is {money(data.feeMinor, data.currency)}
      {share}.
    </p>
  );
}
