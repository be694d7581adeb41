import { CLIENT_KIND_LABELS, type ClientDetail } from '@halcyon/api/contract';
import { Badge, Button, DropdownMenu, PageHeader, Sensitive } from '@halcyon/design-system';
import { ChevronDown } from '../../app/icons';
import { useModal } from '@halcyon/modals';
import { useNavigate } from 'react-router-dom';
import { newConversationPath, newConversationState } from '../messages/newConversationLink';
import { formatDateTime } from '@halcyon/api/time';
import { formatMoney, fullName } from './format';
import { ClientStatusSelect, RiskBadge, RiskReviewFlag } from './status';
import styles from './clients.module.css';
import { renderRouterLink } from '../../app/renderRouterLink';

export interface ClientHeaderProps {
  client: ClientDetail;
  timeZone?: string;
}

/**
 * The top of /Clients/{id} (CATALOG.md): name, pronouns, status (changed in place), tags, risk badge, next session,
 * balance and the quick actions schedule, note, invoice and message.
 */
export function ClientHeader({ client, timeZone }: ClientHeaderProps) {
  const modal = useModal();
  const navigate = useNavigate();
  const name = fullName({ firstName: client.firstName, lastName: client.lastName });
  const subtitle = [
    client.preferredName ? `Prefers ${client.preferredName}` : null,
    client.pronouns,
    client.kind !== 'individual' ? CLIENT_KIND_LABELS[client.kind] : null,
  ].filter(Boolean);

  return (
    <div className={styles.header}>
      <PageHeader
        title={<Sensitive>{name}</Sensitive>}
        description={subtitle.length ? <Sensitive>{subtitle.join(' · ')}</Sensitive> : undefined}
        breadcrumbs={[{ label: 'Clients', href: '/Clients' }, { label: 'Client details' }]}
        renderLink={renderRouterLink}
        actions={
          <div className={styles.actions} role="group" aria-label="Quick actions">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => modal.open('schedule-appointment', { kind: 'session', defaults: { clientId: client.id } })}
            >
              Schedule
            </Button>
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <Button variant="secondary" size="sm">
                  Note <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end">
                <DropdownMenu.Item
                  onSelectAfterClose={() =>
                    modal.open('select-session', {
                      clientId: client.id,
                      purpose: 'note',
                      onSelect: (sessionId) => modal.open('session-note', { clientId: client.id, sessionId }),
                    })
                  }
                >
                  Note for a session…
                </DropdownMenu.Item>
                <DropdownMenu.Item onSelectAfterClose={() => modal.open('session-note', { clientId: client.id })}>
                  General clinical note
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Root>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                modal.open('invoice', { clientId: client.id, defaults: { clientId: client.id, clientName: name } })
              }
            >
              Invoice
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void navigate(newConversationPath, { state: newConversationState({ id: client.id, name }) })
              }
            >
              Message
            </Button>
          </div>
        }
      />
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Status</dt>
          <dd>
            <ClientStatusSelect client={client} label="Status" />
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Risk</dt>
          <dd>
            <Sensitive className={styles.inline}>
              <RiskBadge level={client.riskLevel} />
              <RiskReviewFlag client={client} />
            </Sensitive>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Next session</dt>
          <dd>
            {client.nextSessionAt ? (
              <Sensitive>{formatDateTime(client.nextSessionAt, timeZone)}</Sensitive>
            ) : (
              <span className={styles.muted}>None booked</span>
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Balance</dt>
          <dd>
            <Sensitive>{formatMoney(client.balanceMinor, client.currency)}</Sensitive>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Therapist</dt>
          <dd>
            {client.therapistName ? (
              <Sensitive>{client.therapistName}</Sensitive>
            ) : (
              <span className={styles.muted}>Unassigned</span>
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Tags</dt>
          <dd>
            {client.tags.length ? (
              <Sensitive className={styles.inline}>
                {client.tags.map((tag) => (
                  <Badge key={tag} variant="accent">
                    {tag}
                  </Badge>
                ))}
              </Sensitive>
            ) : (
              <span className={styles.muted}>No tags</span>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
