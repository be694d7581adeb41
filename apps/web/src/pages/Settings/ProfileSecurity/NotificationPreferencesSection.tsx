import {
  NOTIFICATION_PREFERENCE_EVENTS,
  NOTIFICATION_PREFERENCE_LABELS,
  type NotificationPreferences,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Card, Skeleton, Switch } from '@halcyon/design-system';
import { useState, type FormEvent } from 'react';
import { LoadFailed } from './LoadFailed';
import { useSaveWithBanners } from './shared';
import styles from './settings.module.css';

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const [values, setValues] = useState<NotificationPreferences>(saved);
  const save = useSaveWithBanners();
  const update = useMutation('updateNotificationPreferences');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(() => update.trigger({ body: values }), 'Your notification preferences have been saved.').catch(
      () => undefined,
    );
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Notification preferences">
      <p className={styles.muted}>
        Choose what also reaches you by e-mail. Everything still shows in the notifications panel.
      </p>
      <ul className={styles.list}>
        {NOTIFICATION_PREFERENCE_EVENTS.map((event) => (
          <li key={event}>
            <Switch
              label={NOTIFICATION_PREFERENCE_LABELS[event]}
              checked={values[event]}
              onCheckedChange={(checked) => setValues((current) => ({ ...current, [event]: checked }))}
            />
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={update.isMutating}>
          Save preferences
        </Button>
      </div>
    </form>
  );
}

/** Which events e-mail me (CATALOG.md Notifications): session requests, messages, documents, invoices and more. */
export function NotificationPreferencesSection() {
  const preferences = useRoute('getNotificationPreferences');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Notification preferences</Card.Title>
      </Card.Header>
      <Card.Body>
        {preferences.data ? (
          <PreferencesForm saved={preferences.data} />
        ) : preferences.error ? (
          <LoadFailed
            what="your notification preferences"
            error={preferences.error}
            onRetry={() => void preferences.reload()}
          />
        ) : (
          <Skeleton shape="rect" height="10rem" />
        )}
      </Card.Body>
    </Card>
  );
}
