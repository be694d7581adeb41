import { CLIENT_TEXT_MAX, CLIENT_PORTAL_INVITE_TTL_DAYS, type ClientPortalStatus } from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useClientRoute, useMutation, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Badge,
  type BadgeVariant,
  Button,
  Card,
  countOf,
  Sensitive,
  Skeleton,
  TextArea,
  useBanners,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useState } from 'react';
import { formatDateTime } from '@halcyon/api/time';
import { Facts } from '../Facts';
import styles from '../clients.module.css';
import type { ClientTabProps } from './types';
import { ConfirmDialog } from '../../../app/ConfirmDialog';

const PORTAL_STATUS: Readonly<Record<ClientPortalStatus, { label: string; variant: BadgeVariant }>> = {
  'not invited': { label: 'Not invited', variant: 'neutral' },
  invited: { label: 'Invited', variant: 'info' },
  active: { label: 'Active', variant: 'success' },
  revoked: { label: 'Revoked', variant: 'warning' },
};

const CONSENT_METHODS: Readonly<Record<string, string>> = {
  verbal: 'Verbally',
  written: 'In writing',
  'e-mail': 'By e-mail',
  portal: 'Through the portal',
};

function problem(error: unknown): string {
  if (isApiError(error)) return error.detail ?? error.message;
  return 'Something went wrong. Please try again.';
}

function PortalAccess({ clientId }: ClientTabProps) {
  const timeZone = usePracticeTimeZone();
  const { notify } = useBanners();
  const portal = useClientRoute('getClientPortal', clientId, (id) => ({ params: { id } }));
  const client = useClientRoute('getClient', clientId, (id) => ({ params: { id } }));
  const invite = useMutation('inviteClientPortal');
  const revoke = useMutation('revokeClientPortal');
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const access = portal.data;
  const email = client.data?.email;

  const sendInvite = async () => {
    try {
      const answer = await invite.trigger({ params: { id: clientId }, body: { message: message.trim() || null } });
      if (answer) await portal.mutate(answer, { revalidate: false });
      setMessage('');
      notify({
        variant: 'success',
        message: `Portal invitation sent to ${answer?.email ?? email ?? 'the client'}. The link works for ${CLIENT_PORTAL_INVITE_TTL_DAYS} days.`,
      });
    } catch (error) {
      notify({ variant: 'error', message: problem(error) });
    }
  };

  const confirmRevoke = async () => {
    try {
      const answer = await revoke.trigger({ params: { id: clientId } });
      if (answer) await portal.mutate(answer, { revalidate: false });
      notify({ variant: 'success', message: 'Portal access revoked. The client can no longer sign in to the portal.' });
    } catch (error) {
      notify({ variant: 'error', message: problem(error) });
    }
    setConfirming(false);
  };

  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">Portal access</Card.Title>
        {access && <Badge variant={PORTAL_STATUS[access.status].variant}>{PORTAL_STATUS[access.status].label}</Badge>}
      </Card.Header>
      <Card.Body className={styles.stack}>
        {!access ? (
          portal.view === 'error' ? (
            <LoadError what="portal access" error={portal.error} onRetry={portal.retry} />
          ) : (
            <Skeleton width="60%" />
          )
        ) : (
          <>
            <Facts
              label="Portal access"
              facts={[
                { label: 'Invitation sent to', value: access.email },
                {
                  label: 'Invited',
                  value: access.invitedAt
                    ? `${formatDateTime(access.invitedAt, timeZone)}${access.invitedByName ? ` by ${access.invitedByName}` : ''}`
                    : null,
                },
                ...(access.status === 'invited'
                  ? [{ label: 'Link works until', value: formatDateTime(access.inviteExpiresAt, timeZone) }]
                  : []),
                { label: 'Joined', value: formatDateTime(access.activatedAt, timeZone) },
                { label: 'Last signed in', value: formatDateTime(access.lastSignInAt, timeZone) },
                ...(access.status === 'revoked'
                  ? [
                      {
                        label: 'Revoked',
                        value: `${formatDateTime(access.revokedAt, timeZone)}${access.revokedByName ? ` by ${access.revokedByName}` : ''}`,
                      },
                    ]
                  : []),
              ]}
            />
            {access.status !== 'active' &&
              (email ? (
                <div className={styles.stack}>
                  <TextArea
                    label="Personal message (optional)"
                    hint={
                      <>
                        Added to the invitation e-mail to <Sensitive className={styles.wrap}>{email}</Sensitive>.
                      </>
                    }
                    value={message}
                    maxLength={CLIENT_TEXT_MAX.portalMessage}
                    rows={3}
                    onChange={(event) => setMessage(event.target.value)}
                  />
                  <div className={styles.actions}>
                    <Button loading={invite.isMutating} onClick={() => void sendInvite()}>
                      {access.status === 'not invited' ? 'Send portal invitation' : 'Send a new invitation'}
                    </Button>
                  </div>
                </div>
              ) : (
                <p className={styles.muted}>
                  Add the client&apos;s e-mail address (Overview, Contact) to invite them to the portal.
                </p>
              ))}
            {(access.status === 'active' || access.status === 'invited') && (
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  Revoke portal access
                </Button>
              </div>
            )}
          </>
        )}
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title="Revoke portal access?"
        description="The client is signed out of the portal and any invitation link stops working. You can invite them again later."
        confirmLabel="Revoke access"
        busy={revoke.isMutating}
        onConfirm={() => void confirmRevoke()}
      />
    </Card>
  );
}

function Reminders({ clientId }: ClientTabProps) {
  const modal = useModal();
  const timeZone = usePracticeTimeZone();
  const prefs = useClientRoute('getClientNotifications', clientId, (id) => ({ params: { id } }));
  const p = prefs.data;
  const onOff = (on: boolean) => (on ? 'On' : 'Off');
  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">Reminders and consent</Card.Title>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Edit reminder preferences"
          onClick={() => modal.open('edit-client-info', { clientId, section: 'reminders' })}
        >
          Edit
        </Button>
      </Card.Header>
      <Card.Body>
        {!p ? (
          prefs.view === 'error' ? (
            <LoadError what="the reminder preferences" error={prefs.error} onRetry={prefs.retry} />
          ) : (
            <Skeleton width="60%" />
          )
        ) : (
          <Facts
            label="Reminders and consent"
            facts={[
              { label: 'E-mail reminders', value: onOff(p.emailReminders), sensitive: false },
              { label: 'Text message reminders', value: onOff(p.smsReminders), sensitive: false },
              {
                label: 'Sent',
                value: `${countOf(p.leadTimeHours, { one: 'hour', other: 'hours' })} before the session`,
                sensitive: false,
              },
              { label: 'Consent to contact', value: p.consentGiven ? 'Given' : 'Not recorded', sensitive: false },
              { label: 'How', value: p.consentMethod ? CONSENT_METHODS[p.consentMethod] : null },
              {
                label: 'Recorded',
                value: p.consentRecordedAt
                  ? `${formatDateTime(p.consentRecordedAt, timeZone)}${p.consentRecordedByName ? ` by ${p.consentRecordedByName}` : ''}`
                  : null,
              },
              { label: 'Notes', value: p.consentNotes },
            ]}
          />
        )}
      </Card.Body>
    </Card>
  );
}

/** The Portal and notifications tab of /Clients/{id} (CATALOG.md): portal access (invite, revoke), reminders, consent. */
export function PortalTab({ clientId }: ClientTabProps) {
  return (
    <div className={styles.grid}>
      <PortalAccess clientId={clientId} />
      <Reminders clientId={clientId} />
    </div>
  );
}
