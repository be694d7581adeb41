import { useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { RadioGroup, Skeleton } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { SelectSessionModalProps } from '../../types';
import { describeSession } from '../../sessions/sessionShared';

type Props = SelectSessionModalProps;

export const NO_SESSIONS_MESSAGE = 'This client has no sessions yet. Schedule one from the Sessions tab first.';
export const CHOOSE_SESSION_MESSAGE = 'Choose a session.';

/** select-session: choose one of the client's sessions (for a note, an invoice, a document); newest first. */
export function SelectSessionModal({ clientId, purpose, onSelect }: Props) {
  const timeZone = usePracticeTimeZone();
  const sessions = useRoute('listClientSessions', { params: { clientId } });
  const items = sessions.data?.items ?? [];
  const { form, shellProps } = useModalForm<{ sessionId: string }, { sessionId: string }, number>(null, {
    defaultValues: { sessionId: '' },
    submit: ({ sessionId }) => Promise.resolve(Number(sessionId)),
    onSuccess: (sessionId) => onSelect(sessionId),
  });
  const loading = sessions.data === undefined && sessions.error === undefined;
  const loadError = sessions.error !== undefined ? 'The sessions could not be loaded. Close and try again.' : null;
  const fieldError = form.formState.errors.sessionId?.message;
  return (
    <ModalShell
      title="Choose a session"
      description={purpose ? `Choose the session this ${purpose} is for.` : 'Choose one of the client’s sessions.'}
      {...shellProps}
      error={shellProps.error ?? loadError}
      submitLabel={items.length > 0 ? 'Choose' : undefined}
    >
      {loading ? (
        <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the sessions" />
      ) : items.length === 0 ? (
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
                options={items.map((s) => ({ value: String(s.id), label: describeSession(s, timeZone) }))}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError}
              />
            )}
          />
        </ModalFields>
      )}
    </ModalShell>
  );
}
