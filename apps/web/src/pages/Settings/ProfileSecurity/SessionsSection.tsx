import { AUTH_MESSAGES, describeDevice, type SignedInSession } from '@halcyon/api/contract';
import { useApiClient, useMutation, useSessions } from '@halcyon/api/swr';
import { Badge, Button, Skeleton } from '@halcyon/design-system';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '@halcyon/api/time';
import type { LoginLocationState } from '../../../app/session';
import { userStore } from '../../../app/userStore';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { LoadFailed } from './LoadFailed';
import { useSaveWithBanners } from './shared';
import styles from './settings.module.css';

function SessionRow({ session, timeZone }: { session: SignedInSession; timeZone?: string | undefined }) {
  const save = useSaveWithBanners();
  const revoke = useMutation('revokeSession');
  const device = describeDevice(session.userAgent);
  return (
    <li className={styles.listItem}>
      <div className={styles.itemText}>
        <span className={styles.inline}>
          <strong>{device}</strong>
          {session.current && <Badge variant="accent">This device</Badge>}
        </span>
        <span className={styles.muted}>
          {session.ip ? `${session.ip} · ` : ''}signed in {formatDateTime(session.createdAt, timeZone)} · last active{' '}
          {formatDateTime(session.lastSeenAt, timeZone)}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          loading={revoke.isMutating}
          aria-label={`Sign out ${device}, last active ${formatDateTime(session.lastSeenAt, timeZone)}`}
          onClick={() =>
            void save(
              () => revoke.trigger({ params: { id: session.id } }),
              (result) => result?.detail ?? AUTH_MESSAGES.sessionRevoked,
            ).catch(() => undefined)
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Signed-in devices (CATALOG.md): each session with sign-out, and sign-out everywhere (this device too). */
export function SessionsSection({ timeZone }: { timeZone?: string | undefined }) {
  const sessions = useSessions();
  const client = useApiClient();
  const navigate = useNavigate();
  const save = useSaveWithBanners();
  const everywhere = useMutation('signOutEverywhere');
  const [confirming, setConfirming] = useState(false);

  const signOutEverywhere = async () => {
    const result = await save(
      () => everywhere.trigger(),
      (answer) => answer?.detail ?? AUTH_MESSAGES.signedOutEverywhere,
    ).catch(() => null);
    setConfirming(false);
    if (!result) return;
    // This session ended too: forget the tokens and the user, then sign in again.
    client.tokens.clear();
    userStore.reset();
    const state: LoginLocationState = { notice: result.detail };
    void navigate('/login', { replace: true, state });
  };

  const items = sessions.data?.items;
  return (
    <section className={styles.form} aria-labelledby="sessions-heading">
      <div className={styles.split}>
        <h3 id="sessions-heading" className={styles.subTitle}>
          Signed-in devices
        </h3>
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
        <ConfirmDialog
          open={confirming}
          onCancel={() => setConfirming(false)}
          title="Sign out everywhere?"
          description="Every device signed in to your account is signed out, this one included. You will need to sign in again."
          confirmLabel="Sign out everywhere"
          busy={everywhere.isMutating}
          onConfirm={() => void signOutEverywhere()}
        />
      </div>
      {items ? (
        items.length === 0 ? (
          <p className={styles.muted}>No device is signed in.</p>
        ) : (
          <ul className={styles.list} aria-label="Signed-in devices">
            {items.map((session) => (
              <SessionRow key={session.id} session={session} timeZone={timeZone} />
            ))}
          </ul>
        )
      ) : sessions.error ? (
        <LoadFailed what="your signed-in devices" error={sessions.error} onRetry={() => void sessions.reload()} />
      ) : (
        <Skeleton shape="rect" height="4rem" />
      )}
    </section>
  );
}
