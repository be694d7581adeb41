import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_WINDOW,
  type CalendarFeed,
  type CreatedCalendarFeed,
} from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { formatDateTime } from '@halcyon/api/time';
import { Badge, Button, Card, Skeleton, Switch, TextField, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { ConfirmDialog } from '../../../app/ConfirmDialog';

export const FEED_COPIED_MESSAGE = 'Calendar feed address copied.';
const WHAT_IT_HOLDS = `Your sessions, appointments and blocked time from ${CALENDAR_FEED_WINDOW.pastDays / 7} weeks ago to 6 months ahead, for Google Calendar, Outlook or Apple Calendar ("subscribe from URL").`;

type Confirming = 'regenerate' | 'revoke' | null;

/** The address just made, shown once with copy (it is stored hashed and cannot be shown again). */
function NewAddress({ url }: { url: string }) {
  const { notify } = useBanners();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify({ variant: 'success', message: FEED_COPIED_MESSAGE });
    } catch {
      notify({ variant: 'error', message: 'The address could not be copied. Select it and copy it yourself.' });
    }
  };
  return (
    <div className={styles.form}>
      <TextField
        label="Your calendar feed address"
        hint="Shown only now: copy it into your calendar app. Anyone with this address can see your diary, so keep it private."
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.actions}>
        <Button onClick={() => void copy()}>Copy address</Button>
      </div>
    </div>
  );
}

function FeedBody({ feed }: { feed: CalendarFeed }) {
  const timeZone = usePracticeTimeZone();
  const save = useSaveWithBanners();
  const create = useMutation('createCalendarFeed');
  const update = useMutation('updateCalendarFeed');
  const revoke = useMutation('revokeCalendarFeed');
  const [made, setMade] = useState<CreatedCalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const makeAddress = async () => {
    setConfirming(null);
    const result = await save(
      () => create.trigger(),
      (r) => r?.detail ?? CALENDAR_FEED_MESSAGES.feedCreated,
    ).catch(() => null);
    if (result) setMade(result);
  };
  const turnOff = async () => {
    setConfirming(null);
    await save(
      () => revoke.trigger(),
      (r) => r?.detail ?? CALENDAR_FEED_MESSAGES.feedRevoked,
    ).catch(() => undefined);
    setMade(null);
  };

  return (
    <div className={styles.form}>
      <p className={styles.text}>{WHAT_IT_HOLDS}</p>
      <div className={styles.split}>
        <span className={styles.inline}>
          {feed.active ? <Badge variant="success">On</Badge> : <Badge variant="neutral">Off</Badge>}
          <span className={styles.muted}>
            {feed.active
              ? `Address made ${formatDateTime(feed.createdAt, timeZone)}${feed.lastFetchedAt ? ` · last read by a calendar app ${formatDateTime(feed.lastFetchedAt, timeZone)}` : ' · not read by a calendar app yet'}`
              : 'No feed address. Make one to see your diary in another calendar.'}
          </span>
        </span>
        <span className={styles.inline}>
          {feed.active ? (
            <>
              <Button variant="secondary" onClick={() => setConfirming('regenerate')}>
                Regenerate address
              </Button>
              <Button variant="ghost" onClick={() => setConfirming('revoke')}>
                Turn off
              </Button>
            </>
          ) : (
            <Button loading={create.isMutating} onClick={() => void makeAddress()}>
              Make feed address
            </Button>
          )}
        </span>
      </div>
      {made && feed.active && <NewAddress url={made.url} />}
      {feed.active && !made && (
        <p className={styles.muted}>
          For your security the address was shown once, when it was made. Lost it? Regenerate it: the old one stops
          working.
        </p>
      )}
      <Switch
        label="Show client names in the feed"
        hint='Off: every session is called "Session". On: the client and service show, in a calendar outside Halcyon.'
        checked={feed.includeClientNames}
        disabled={update.isMutating}
        onCheckedChange={(checked) =>
          void save(
            () => update.trigger({ body: { includeClientNames: checked } }),
            (r) => r?.detail ?? CALENDAR_FEED_MESSAGES.feedUpdated,
          ).catch(() => undefined)
        }
      />
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        title={confirming === 'revoke' ? 'Turn off the calendar feed?' : 'Regenerate the feed address?'}
        description={
          confirming === 'revoke'
            ? 'The address stops working at once: calendars subscribed to it no longer update.'
            : 'The current address stops working at once. Calendars subscribed to it need the new address.'
        }
        confirmLabel={confirming === 'revoke' ? 'Turn off' : 'Regenerate'}
        busy={create.isMutating || revoke.isMutating}
        onConfirm={() => void (confirming === 'revoke' ? turnOff() : makeAddress())}
      />
    </div>
  );
}

/** The private calendar feed of the member's diary (CATALOG.md Sync-external-calendar): make, copy, regenerate, turn off. */
export function FeedSection() {
  const feed = useRoute('getCalendarFeed');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Calendar feed</Card.Title>
      </Card.Header>
      <Card.Body>
        {feed.data ? (
          <FeedBody feed={feed.data} />
        ) : feed.error ? (
          <LoadFailed what="your calendar feed" error={feed.error} onRetry={() => void feed.reload()} />
        ) : (
          <Skeleton shape="rect" height="8rem" />
        )}
      </Card.Body>
    </Card>
  );
}
