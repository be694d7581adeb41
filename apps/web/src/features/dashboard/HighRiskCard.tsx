import type { Role } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Sensitive } from '@halcyon/design-system';
import { TextLink } from '../../app/TextLink';
import { RiskReviewFlag } from '../clients/RiskReviewFlag';
import { CardList } from './CardList';
import styles from './CardList.module.css';

/**
 * Clients whose current risk level is high (not discharged or archived), by name, with the overdue-review flag the client
 * list shows: the Therapist's own clients, everyone's for the Admin. Each opens the client's Risk tab.
 */
export function HighRiskCard({ userRole: role }: { userRole: Role }) {
  const clients = useRoute('dashboardHighRisk');
  return (
    <CardList
      resource={clients}
      what="clients flagged high-risk"
      empty="No client is flagged high-risk."
      getKey={(c) => c.id}
    >
      {(client) => (
        <span className={styles.main}>
          <TextLink to={`/Clients/${client.id}?tab=risk`}>
            <Sensitive focusable={false}>{client.name}</Sensitive>
          </TextLink>
          {role !== 'Therapist' && client.therapistName && (
            <span className={styles.meta}>{`With ${client.therapistName}`}</span>
          )}
          <RiskReviewFlag client={client} />
        </span>
      )}
    </CardList>
  );
}
