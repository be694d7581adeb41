import { COMPLIANCE_KIND_LABELS, COMPLIANCE_REMINDER_DAYS, humanDate } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { CardList } from './CardList';
import styles from './CardList.module.css';

/** The member's own licence and compliance records expired or expiring within 60 days, soonest first. */
export function ComplianceExpiringCard() {
  const items = useRoute('dashboardComplianceExpiring');
  return (
    <CardList
      resource={items}
      what="compliance items expiring"
      empty={`Nothing of yours expires in the next ${COMPLIANCE_REMINDER_DAYS} days.`}
      getKey={(i) => i.id}
    >
      {(item) => (
        <span className={styles.main}>
          <span>{`${item.body} · ${COMPLIANCE_KIND_LABELS[item.kind]}`}</span>
          <span className={styles.meta} data-state={item.expired ? 'overdue' : undefined}>
            {`${item.expired ? 'Expired' : 'Expires'} ${humanDate(item.expiryDate)}`}
          </span>
        </span>
      )}
    </CardList>
  );
}
