import {
  REMINDER_OFFSET_CHOICES,
  REMINDER_OFFSETS_MAX,
  describeOffset,
  type SchedulingPreferences,
} from '@halcyon/api/contract';
import { useSchedulingPreferences } from '@halcyon/api/swr';
import { Button, Card, Checkbox, Skeleton } from '@halcyon/design-system';
import { useState, type FormEvent } from 'react';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useIsAdmin } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { useSavePreferences } from './preferences';

function RemindersForm({ saved, canEdit }: { saved: SchedulingPreferences; canEdit: boolean }) {
  const [chosen, setChosen] = useState<readonly number[]>(saved.reminderOffsetsMinutes);
  const { save, saving } = useSavePreferences();
  const full = chosen.length >= REMINDER_OFFSETS_MAX;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(saved, { reminderOffsetsMinutes: [...chosen] });
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Reminder times">
      <p className={styles.muted}>
        Clients whose e-mail reminders are on (with their consent recorded on their record) get an e-mail before each
        session at these times, and at the lead time set on their record. Choose up to {REMINDER_OFFSETS_MAX}; none
        sends only the clients’ own.
      </p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subTitle}>Remind clients before each session</legend>
        <div className={styles.row}>
          {REMINDER_OFFSET_CHOICES.map((minutes) => {
            const checked = chosen.includes(minutes);
            return (
              <Checkbox
                key={minutes}
                label={`${describeOffset(minutes)} before`}
                checked={checked}
                disabled={!canEdit || (!checked && full)}
                onCheckedChange={(value) =>
                  setChosen((current) =>
                    value === true ? [...current, minutes] : current.filter((each) => each !== minutes),
                  )
                }
              />
            );
          })}
        </div>
      </fieldset>
      {canEdit ? (
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" loading={saving}>
            Save reminder times
          </Button>
        </div>
      ) : (
        <p className={styles.readOnly}>Only an Admin can change the reminder times.</p>
      )}
    </form>
  );
}

/** Reminder timing (CATALOG.md Settings > Appointments): when clients are e-mailed before their sessions. */
export function RemindersSection() {
  const preferences = useSchedulingPreferences();
  const { isAdmin, loaded } = useIsAdmin();
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Reminders</Card.Title>
      </Card.Header>
      <Card.Body>
        {preferences.data && loaded ? (
          <RemindersForm key={preferences.data.version} saved={preferences.data} canEdit={isAdmin} />
        ) : preferences.error ? (
          <LoadFailed what="the reminder times" error={preferences.error} onRetry={() => void preferences.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the reminder times" />
        )}
      </Card.Body>
    </Card>
  );
}
