import type { ApiClient } from '@halcyon/api/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ACK_DELAY_MS, ACK_STORAGE_KEY, NOTIFICATION_MESSAGES } from './messages';

export interface PendingAck {
  id: number;
  /** When the server is told (epoch ms). */
  due: number;
}

function readPending(): PendingAck[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(ACK_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is PendingAck =>
            typeof item === 'object' &&
            item !== null &&
            Number.isInteger((item as PendingAck).id) &&
            typeof (item as PendingAck).due === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

function writePending(pending: readonly PendingAck[]) {
  try {
    if (pending.length === 0) window.localStorage.removeItem(ACK_STORAGE_KEY);
    else window.localStorage.setItem(ACK_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the acknowledgement is still sent while the page stays open.
  }
}

export interface Acknowledgements {
  /** Ids shown as read at once, while the server has not been told yet. */
  pendingIds: ReadonlySet<number>;
  /** Ids read in this page's life (pending or already sent): shown read whatever an older list says. */
  readIds: ReadonlySet<number>;
  acknowledge(id: number): void;
}

/**
 * SPEC.md §2/§4: a click marks a notification read in the UI at once; ACK_DELAY_MS later the server is told
 * (GET /api/messages-notifications/csrf-token, then POST /api/notifications/mark-as-read/{id} with {read: true} and
 * X-CSRF-Token). Pending acknowledgements are kept in local storage; after a reload those already due are sent at once.
 * A failed send says so (SPEC.md §8) and stays stored for the next reload.
 */
export function useAcknowledgements(client: ApiClient, onError: (message: string) => void): Acknowledgements {
  const [pending, setPending] = useState<PendingAck[]>(readPending);
  const [sentIds, setSentIds] = useState<ReadonlySet<number>>(new Set());
  /** Ids that failed in this page's life: not retried until a reload. */
  const failed = useRef(new Set<number>());
  const flushing = useRef(false);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    const now = Date.now();
    const due = readPending().filter((ack) => ack.due <= now && !failed.current.has(ack.id));
    if (due.length === 0) return;
    flushing.current = true;
    try {
      let csrfToken: string | undefined;
      try {
        csrfToken = (await client.call('notificationsCsrfToken'))?.csrfToken;
        if (!csrfToken) throw new Error('No CSRF token in the answer.');
      } catch (error) {
        console.warn('Could not get a CSRF token for notifications.', error);
        due.forEach((ack) => failed.current.add(ack.id));
        onErrorRef.current(NOTIFICATION_MESSAGES.csrf);
        return;
      }
      const sent = new Set<number>();
      let markFailed = false;
      for (const ack of due) {
        try {
          await client.call('markNotificationRead', {
            params: { id: ack.id },
            body: { read: true },
            headers: { 'X-CSRF-Token': csrfToken },
          });
          sent.add(ack.id);
        } catch (error) {
          console.warn(`Could not mark notification ${ack.id} as read.`, error);
          failed.current.add(ack.id);
          markFailed = true;
        }
      }
      const remaining = readPending().filter((ack) => !sent.has(ack.id));
      writePending(remaining);
      setPending(remaining);
      setSentIds((current) => new Set([...current, ...sent]));
      if (markFailed) onErrorRef.current(NOTIFICATION_MESSAGES.markRead);
    } finally {
      flushing.current = false;
    }
  }, [client]);

  // One timer for the next due acknowledgement; those already due (e.g. after a reload) are sent at once.
  useEffect(() => {
    const next = pending
      .filter((ack) => !failed.current.has(ack.id))
      .reduce((min, ack) => Math.min(min, ack.due), Infinity);
    if (next === Infinity) return;
    const timer = setTimeout(() => void flush(), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [pending, flush]);

  const acknowledge = useCallback((id: number) => {
    const current = readPending();
    if (current.some((ack) => ack.id === id)) return;
    const next = [...current, { id, due: Date.now() + ACK_DELAY_MS }];
    writePending(next);
    setPending(next);
  }, []);

  const pendingIds = new Set(pending.map((ack) => ack.id));
  return { pendingIds, readIds: new Set([...pendingIds, ...sentIds]), acknowledge };
}
