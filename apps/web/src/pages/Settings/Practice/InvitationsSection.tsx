import { INVITATION_MESSAGES, type Invitation } from '@halcyon/api/contract';
import { useMutation, usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Badge, Button, Skeleton } from '@halcyon/design-system';
import { useState } from 'react';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { ConfirmDialog } from '../../../app/ConfirmDialog';

function InvitationRow({
  invitation,
  timeZone,
  onRevoke,
}: {
  invitation: Invitation;
  timeZone: string | undefined;
  onRevoke: (invitation: Invitation) => void;
}) {
  const save = useSaveWithBanners();
  const resend = useMutation('resendInvitation');
  const waiting = invitation.status === 'waiting';
  return (
    <li className={styles.listItem}>
      <div className={styles.itemText}>
        <span className={styles.inline}>
          <strong>{invitation.email}</strong>
          <span>{invitation.role}</span>
          {waiting ? <Badge variant="accent">Waiting</Badge> : <Badge variant="warning">Expired</Badge>}
        </span>
        <span className={styles.muted}>
          Sent {formatDate(invitation.createdAt, timeZone)}
          {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''} ·{' '}
          {waiting
            ? `the link works until ${formatDate(invitation.expiresAt, timeZone)}`
            : `the link stopped working on ${formatDate(invitation.expiresAt, timeZone)}`}
        </span>
      </div>
      <span className={styles.inline}>
        <Button
          variant="secondary"
          size="sm"
          loading={resend.isMutating}
          aria-label={`Send again to ${invitation.email}`}
          onClick={() =>
            void save(
              () => resend.trigger({ params: { id: invitation.id } }),
              (sent) => INVITATION_MESSAGES.sent(sent?.email ?? invitation.email),
            ).catch(() => undefined)
          }
        >
          Send again
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Revoke the invitation to ${invitation.email}`}
          onClick={() => onRevoke(invitation)}
        >
          Revoke
        </Button>
      </span>
    </li>
  );
}

/**
 * The invitations not yet accepted (Admins only): who was invited with which role, by whom, until when the link works;
 * send again (a fresh link, the old one stops) or revoke (the link stops at once, after a confirmation).
 */
export function InvitationsSection() {
  const invitations = useRoute('listInvitations');
  const timeZone = usePracticeTimeZone();
  const save = useSaveWithBanners();
  const revoke = useMutation('revokeInvitation');
  const [target, setTarget] = useState<Invitation | null>(null);

  const confirmRevoke = async () => {
    if (!target) return;
    await save(
      () => revoke.trigger({ params: { id: target.id } }),
      (result) => result?.detail ?? INVITATION_MESSAGES.revoked(target.email),
    ).catch(() => undefined);
    setTarget(null);
  };

  const items = invitations.data?.items;
  return (
    <section className={styles.form} aria-labelledby="invitations-heading">
      <h3 id="invitations-heading" className={styles.subTitle}>
        Invitations not yet accepted
      </h3>
      {items ? (
        items.length === 0 ? (
          <p className={styles.muted}>No invitation is waiting.</p>
        ) : (
          <ul className={styles.list} aria-labelledby="invitations-heading">
            {items.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} timeZone={timeZone} onRevoke={setTarget} />
            ))}
          </ul>
        )
      ) : invitations.error ? (
        <LoadFailed what="the invitations" error={invitations.error} onRetry={() => void invitations.reload()} />
      ) : (
        <Skeleton shape="rect" height="3rem" />
      )}
      <ConfirmDialog
        open={target !== null}
        onCancel={() => setTarget(null)}
        title={<>Revoke the invitation to {target?.email ?? 'this person'}?</>}
        description="Its link stops working at once. You can invite the address again later."
        confirmLabel="Revoke invitation"
        busy={revoke.isMutating}
        onConfirm={() => void confirmRevoke()}
      />
    </section>
  );
}
