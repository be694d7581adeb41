import {
  CALENDAR_FEED_MESSAGES,
  EXTERNAL_CALENDAR_LIMITS,
  EXTERNAL_CALENDAR_REFRESH_MINUTES,
  addExternalCalendarBodySchema,
  type ExternalCalendar,
} from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { formatDateTime } from '@halcyon/api/time';
import { Badge, Button, Card, FieldRow, Skeleton, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { ConfirmDialog } from '../../../app/ConfirmDialog';

function CalendarRow({ calendar, onRemove }: { calendar: ExternalCalendar; onRemove: () => void }) {
  const timeZone = usePracticeTimeZone();
  const save = useSaveWithBanners();
  const refresh = useMutation('refreshExternalCalendar');
  const synced = calendar.lastSyncedAt
    ? `${calendar.busyCount} busy ${calendar.busyCount === 1 ? 'time' : 'times'} · last imported ${formatDateTime(calendar.lastSyncedAt, timeZone)}`
    : 'Not imported yet';
  return (
    <li className={styles.listItem}>
      <div className={styles.itemText}>
        <span className={styles.inline}>
          <strong>{calendar.name}</strong>
          {calendar.lastError ? (
            <Badge variant="danger">Import failed</Badge>
          ) : (
            <Badge variant="success">Imported</Badge>
          )}
        </span>
        <span className={styles.muted}>
          {calendar.host} · {synced}
        </span>
        {calendar.lastError && (
          <span className={styles.text} role="status">
            Last try {formatDateTime(calendar.lastAttemptAt, timeZone)}: {calendar.lastError}
          </span>
        )}
      </div>
      <span className={styles.inline}>
        <Button
          variant="secondary"
          size="sm"
          loading={refresh.isMutating}
          aria-label={`Refresh now: ${calendar.name}`}
          onClick={() =>
            void save(
              () => refresh.trigger({ params: { id: calendar.id } }),
              (r) => r?.detail ?? CALENDAR_FEED_MESSAGES.calendarRefreshed,
            ).catch(() => undefined)
          }
        >
          Refresh now
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Remove ${calendar.name}`} onClick={onRemove}>
          Remove
        </Button>
      </span>
    </li>
  );
}

function AddCalendarForm() {
  const save = useSaveWithBanners();
  const add = useMutation('addExternalCalendar');
  const form = useContractForm(addExternalCalendarBodySchema, {
    defaultValues: { name: '', url: '' },
    submit: (body) =>
      save(
        () => add.trigger({ body }),
        (r) => r?.detail ?? CALENDAR_FEED_MESSAGES.calendarAdded,
      ),
    onSuccess: (): void => form.form.reset({ name: '', url: '' }),
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Add an external calendar">
      <h3 className={styles.subTitle}>Add a calendar</h3>
      <FieldRow columnMin="lg">
        <TextField
          label="Name"
          hint="For you, e.g. Personal or University."
          required
          maxLength={EXTERNAL_CALENDAR_LIMITS.nameMax}
          {...form.field('name')}
        />
        <TextField
          label="Calendar address (iCal)"
          hint="The iCal (.ics) address from its sharing settings."
          type="url"
          placeholder="https://"
          required
          maxLength={EXTERNAL_CALENDAR_LIMITS.urlMax}
          {...form.field('url')}
        />
      </FieldRow>
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy}>
          Add and import
        </Button>
      </div>
    </form>
  );
}

function CalendarList({ calendars }: { calendars: ExternalCalendar[] }) {
  const save = useSaveWithBanners();
  const remove = useMutation('deleteExternalCalendar');
  const [removing, setRemoving] = useState<ExternalCalendar | null>(null);
  const confirmRemove = async () => {
    if (!removing) return;
    await save(
      () => remove.trigger({ params: { id: removing.id } }),
      (r) => r?.detail ?? CALENDAR_FEED_MESSAGES.calendarDeleted,
    ).catch(() => undefined);
    setRemoving(null);
  };
  return (
    <>
      {calendars.length === 0 ? (
        <p className={styles.muted}>No external calendars yet.</p>
      ) : (
        <ul className={styles.list} aria-label="External calendars">
          {calendars.map((calendar) => (
            <CalendarRow key={calendar.id} calendar={calendar} onRemove={() => setRemoving(calendar)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        title={<>Remove {removing?.name}?</>}
        description="Its busy times leave your diary. The calendar itself is not changed."
        confirmLabel="Remove"
        busy={remove.isMutating}
        onConfirm={() => void confirmRemove()}
      />
    </>
  );
}

/**
 * Busy times from external calendars (CATALOG.md Sync-external-calendar): each calendar with when it was last imported
 * and why the last import failed; refresh now, remove, and add another by its .ics address.
 */
export function ExternalCalendarsSection() {
  const calendars = useRoute('listExternalCalendars');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">External calendars</Card.Title>
      </Card.Header>
      <Card.Body>
        <div className={styles.form}>
          <p className={styles.text}>
            Times you are busy in another calendar show as &quot;Busy&quot; in your diary and are never offered for
            booking. Only when, never what: titles and details stay in the other calendar. Imported again every{' '}
            {EXTERNAL_CALENDAR_REFRESH_MINUTES} minutes; up to {EXTERNAL_CALENDAR_LIMITS.perMember} calendars.
          </p>
          {calendars.data ? (
            <CalendarList calendars={calendars.data} />
          ) : calendars.error ? (
            <LoadFailed
              what="your external calendars"
              error={calendars.error}
              onRetry={() => void calendars.reload()}
            />
          ) : (
            <Skeleton shape="rect" height="6rem" />
          )}
          <AddCalendarForm />
        </div>
      </Card.Body>
    </Card>
  );
}
