import { describeRuleFee, describeRuleNotice } from '@halcyon/api/contract';
import { useCancellationRules } from '@halcyon/api/swr';
import { Button, Card, EmptyState, formatMoney, Sensitive, Skeleton } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import styles from '../ProfileSecurity/settings.module.css';

const money = (minor: number, currency: string) => formatMoney(minor, currency);

/**
 * The cancellation policy (CATALOG.md Settings > Appointments): its rules in SPEC.md §5 order (the shortest notice
 * first, a rule for any time last), each with its fee (blurred with Privacy on) and message; add, edit, delete.
 */
export function CancellationRulesSection() {
  const rules = useCancellationRules();
  const modal = useModal();
  const items = rules.data?.items;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Cancellation policy</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        <p className={styles.muted}>
          When a client cancels late or misses a session, the first rule that applies sets the fee. It is shown before
          you save the cancellation or attendance, and recorded on the client’s account only when you choose to charge
          it.
        </p>
        {items ? (
          items.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title="No cancellation rules"
              description="Without rules, late cancellations and missed sessions cost nothing."
            />
          ) : (
            <ul className={styles.list} aria-label="Cancellation rules">
              {items.map((rule) => (
                <li key={rule.id} className={styles.listItem}>
                  <div>
                    <p className={styles.subTitle}>{describeRuleNotice(rule.triggerInHoursBeforeStart)}</p>
                    <p className={styles.text}>
                      Fee: <Sensitive>{describeRuleFee(rule, money)}</Sensitive>
                    </p>
                    {rule.message && <p className={styles.muted}>{rule.message}</p>}
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Edit the rule: ${describeRuleNotice(rule.triggerInHoursBeforeStart).toLowerCase()}`}
                    onClick={() => modal.open('set-appointment-cancellation', { id: rule.id })}
                  >
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : rules.error ? (
          <LoadFailed what="the cancellation rules" error={rules.error} onRetry={() => void rules.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the cancellation rules" />
        )}
        <div className={styles.actions}>
          <Button onClick={() => modal.open('set-appointment-cancellation', {})}>Add rule</Button>
        </div>
      </Card.Body>
    </Card>
  );
}
