import type { PrivateSessionNote } from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { Skeleton, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { PrivateSessionNoteModalProps } from '../../types';
import { describeSession } from '../../sessions/sessionShared';
import { LazyRichTextEditor } from '../SessionNote/LazyRichTextEditor';
import { htmlToText } from '../SessionNote/noteText';

/** Created or Updated messages for the other record types (SPEC.md §8). */
export const PRIVATE_NOTE_SAVED = 'Private note saved.';

type Props = PrivateSessionNoteModalProps;

const DESCRIPTION_TAIL =
  'A process note kept apart from the clinical record: never shared with the client, never in the session list, and exported only on explicit request.';

/** private-session-note: the therapist's process note about a session, saved with its version (a stale one answers 409). */
export function PrivateSessionNoteModal({ sessionId, onSaved }: Props) {
  const noteRoute = useRoute('getPrivateSessionNote', { params: { sessionId } });
  const session = useRoute('getClientSession', { params: { id: sessionId } });
  const loadError =
    noteRoute.error !== undefined || session.error !== undefined || session.data === null
      ? 'This private note could not be loaded: the session may have been deleted.'
      : null;
  // Latched once loaded: a save refreshes the shared cache, and the form must not start over while it does.
  const [loaded, setLoaded] = useState<{ note: PrivateSessionNote | null } | null>(null);
  if (!loaded && !loadError && noteRoute.data !== undefined) setLoaded({ note: noteRoute.data });
  if (!loaded) {
    return (
      <ModalShell title="Private note" description={DESCRIPTION_TAIL} size="lg" error={loadError}>
        {!loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the private note" />}
      </ModalShell>
    );
  }
  return <PrivateNoteForm sessionId={sessionId} initial={loaded.note} onSaved={onSaved} />;
}

function PrivateNoteForm({
  sessionId,
  initial,
  onSaved,
}: {
  sessionId: number;
  initial: PrivateSessionNote | null;
  onSaved: Props['onSaved'];
}) {
  const client = useApiClient();
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const session = useRoute('getClientSession', { params: { id: sessionId } });
  const save = useMutation('savePrivateSessionNote');
  const [version, setVersion] = useState(initial?.version ?? 0);
  const { form, shellProps } = useModalForm<
    { contentHtml: string },
    { contentHtml: string },
    PrivateSessionNote | null
  >(null, {
    defaultValues: { contentHtml: initial?.contentHtml ?? '' },
    submit: ({ contentHtml }) => save.trigger({ params: { sessionId }, body: { contentHtml, version } }),
    copyText: (values) => htmlToText(values.contentHtml),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: PRIVATE_NOTE_SAVED });
      if (saved) await onSaved?.(saved);
    },
  });

  async function reload() {
    const fresh = await client.call('getPrivateSessionNote', { params: { sessionId } });
    setVersion(fresh?.version ?? 0);
    form.reset({ contentHtml: fresh?.contentHtml ?? '' });
  }

  return (
    <ModalShell
      title="Private note"
      description={session.data ? `${describeSession(session.data, timeZone)}. ${DESCRIPTION_TAIL}` : DESCRIPTION_TAIL}
      size="lg"
      {...shellProps}
      onReload={reload}
      submitLabel="Save private note"
    >
      <ModalFields sensitive>
        <Controller
          control={form.control}
          name="contentHtml"
          render={({ field }) => (
            <LazyRichTextEditor
              label="Private note"
              hint="Only you and your practice’s clinicians can open it."
              value={field.value}
              onChange={field.onChange}
              placeholder="Your reflections, hypotheses, things to take to supervision…"
            />
          )}
        />
      </ModalFields>
    </ModalShell>
  );
}
