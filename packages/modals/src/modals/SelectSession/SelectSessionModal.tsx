import { useClientSessionPages, usePracticeTimeZone } from '@halcyon/api/swr';
import { Button, RadioGroup, Skeleton } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { SelectSessionModalProps } from '../../types';
import { describeSession } from '../../sessions/sessionShared';
import styles from './SelectSessionModal.module.css';

type Props = SelectSessionModalProps;

export const NO_SESSIONS_MESSAGE = 'This client has no sessions yet. Schedule one from the Sessions tab first.';
export const CHOOSE_SESSION_MESSAGE = 'Choose a session.';

/**
 * select-session: choose one of the client's sessions (for a note, an invoice, a document); newest first, a page at a time
 * ("Older sessions" reaches any session, however long the client has been seen). The choice holds across pages.
 */
export function SelectSessionModal({ clientId, purpose, onSelect }: Props) {
  const timeZone = usePracticeTimeZone();
  const sessions = useClientSessionPages(clientId);
  const items = sessions.data?.items ?? [];
  // The label of the chosen session, kept so the choice can still be named from another page.
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const { form, shellProps } = useModalForm<{ sessionId: string }, { sessionId: string }, number>(null, {
    defaultValues: { sessionId: '' },
    submit: ({ sessionId }) => Promise.resolve(Number(sessionId)),
    onSuccess: (sessionId) => onSelect(sessionId),
  });
  const loading = sessions.data === undefined && sessions.error === undefined;
  const loadError = sessions.error !== undefined ? 'The sessions could not be loaded. Close and try again.' : null;
  const fieldError = form.formState.errors.sessionId?.message;
  const options = items.map((s) => ({ value: String(s.id), label: describeSession(s, timeZone) }));
  const chosen = form.watch('sessionId');
  const chosenElsewhere = chosen !== '' && chosenLabel !== null && !options.some((o) => o.value === chosen);
  return (
    <ModalShell
      title="Choose a session"
      description={purpose ? `Choose the session this ${purpose} is for.` : 'Choose one of the client’s sessions.'}
      {...shellProps}
      error={shellProps.error ?? loadError}
      submitLabel={items.length > 0 || chosen !== '' ? 'Choose' : undefined}
    >
      {loading ? (
        <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the sessions" />
      ) : items.length === 0 && !sessions.hasNewer ? (
        !loadError && <p>{NO_SESSIONS_MESSAGE}</p>
      ) : (
        <ModalFields sensitive>
          <Controller
            control={form.control}
            name="sessionId"
            rules={{ required: CHOOSE_SESSION_MESSAGE }}
            render={({ field }) => (
              <RadioGroup
                label="Session"
                required
                options={options}
                value={field.value}
                onValueChange={(value) => {
                  setChosenLabel(options.find((o) => o.value === value)?.label ?? null);
                  field.onChange(value);
                }}
                onBlur={field.onBlur}
                error={fieldError}
              />
            )}
          />
          {chosenElsewhere && <p aria-live="polite">{`Chosen: ${chosenLabel}`}</p>}
          {(sessions.hasNewer || sessions.hasOlder) && (
            <nav aria-label="Sessions pages" className={styles.pages}>
              <Button
                variant="secondary"
                aria-disabled={!sessions.hasNewer || undefined}
                onClick={() => sessions.hasNewer && sessions.newer()}
              >
                Newer sessions
              </Button>
              <Button
                variant="secondary"
                aria-disabled={!sessions.hasOlder || undefined}
                onClick={() => sessions.hasOlder && sessions.older()}
              >
                Older sessions
              </Button>
            </nav>
          )}
        </ModalFields>
      )}
    </ModalShell>
  );
}
