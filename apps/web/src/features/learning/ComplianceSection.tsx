import {
  COMPLIANCE_KIND_LABELS,
  COMPLIANCE_STATUS_LABELS,
  complianceStatus,
  humanDate,
  type ComplianceItem,
  type ComplianceStatus,
} from '@halcyon/api/contract';
import { useComplianceItems } from '@halcyon/api/swr';
import { Badge, Button, Card, EmptyState, Skeleton, type BadgeVariant } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { LoadFailed } from '../../pages/Settings/ProfileSecurity/LoadFailed';
import { AttachedFileButton } from './AttachedFileButton';
import styles from './learning.module.css';

const STATUS_BADGE: Readonly<Record<ComplianceStatus, BadgeVariant>> = {
  expired: 'danger',
  expiring: 'warning',
  current: 'success',
  'no expiry': 'neutral',
};

const nameOf = (item: ComplianceItem) => `${item.body} ${COMPLIANCE_KIND_LABELS[item.kind].toLowerCase()}`;

/**
 * The member's licence and compliance records (CATALOG.md /Learning-development and Settings > Profile-security): each
 * with its body, number, dates and status; expired and expiring ones (within the 60-day reminder window) highlighted.
 */
export function ComplianceSection() {
  const records = useComplianceItems();
  const modal = useModal();
  const items = records.data?.items;
  return (
    <Card id="compliance">
      <Card.Header>
        <Card.Title as="h2">Licences and compliance</Card.Title>
      </Card.Header>
      <Card.Body className={styles.section}>
        <p className={styles.muted}>
          Registrations, memberships, insurance and checks. You are reminded 60 days before one expires.
        </p>
        {items ? (
          items.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title="No records yet"
              description="Add your registration, membership and insurance so you are reminded before they expire."
            />
          ) : (
            <ul className={styles.list} aria-label="Licences and compliance records">
              {items.map((item) => {
                const status = complianceStatus(item.expiryDate);
                return (
                  <li key={item.id} className={styles.item} data-state={status}>
                    <div className={styles.itemText}>
                      <p className={styles.itemTitle}>
                        {nameOf(item)} <Badge variant={STATUS_BADGE[status]}>{COMPLIANCE_STATUS_LABELS[status]}</Badge>
                      </p>
                      <p className={styles.muted}>
                        {[
                          item.number,
                          `Issued ${humanDate(item.issueDate)}`,
                          item.expiryDate ? `Expires ${humanDate(item.expiryDate)}` : 'Does not expire',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                      {item.document && <AttachedFileButton what="Document" file={item.document} of={nameOf(item)} />}
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Edit ${nameOf(item)}`}
                      onClick={() => modal.open('set-user-license-compliance', { id: item.id })}
                    >
                      Edit
                    </Button>
                  </li>
                );
              })}
            </ul>
          )
        ) : records.error ? (
          <LoadFailed what="your records" error={records.error} onRetry={() => void records.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading your records" />
        )}
        <div className={styles.actions}>
          <Button onClick={() => modal.open('set-user-license-compliance', {})}>Add record</Button>
        </div>
      </Card.Body>
    </Card>
  );
}
