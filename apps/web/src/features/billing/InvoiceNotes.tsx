import { BILLING_LIMITS, BILLING_MESSAGES, createInvoiceNoteBodySchema, type InvoiceNote } from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { formatDateTime } from '@halcyon/api/time';
import { Button, Card, Sensitive, Skeleton, TextArea, useBanners } from '@halcyon/design-system';
import { LoadError, submitErrorMessage, useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import styles from './billing.module.css';

/** One form for a new note and a changed one: the text, saved with the route the caller gives. */
function NoteForm({
  label,
  initial,
  submitLabel,
  save,
  onDone,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  save: (text: string) => Promise<unknown>;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { field, onSubmit, busy, submitError, form } = useContractForm(createInvoiceNoteBodySchema, {
    defaultValues: { text: initial },
    submit: ({ text }) => save(text),
    onSuccess: () => {
      form.reset({ text: '' });
      onDone();
    },
  });
  return (
    <form className={styles.panelForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      {submitError && (
        <p role="alert" className={styles.formError}>
          {submitError}
        </p>
      )}
      <TextArea label={label} rows={3} maxLength={BILLING_LIMITS.note} {...field('text')} />
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function NoteItem({ note, timeZone }: { note: InvoiceNote; timeZone: string | undefined }) {
  const { notify } = useBanners();
  const [editing, setEditing] = useState(false);
  const update = useMutation('updateInvoiceNote');
  const remove = useMutation('deleteInvoiceNote');
  if (editing) {
    return (
      <li>
        <NoteForm
          label="Edit note"
          initial={note.text}
          submitLabel="Save note"
          save={(text) => update.trigger({ params: { id: note.id }, body: { text, version: note.version } })}
          onDone={() => {
            notify({ variant: 'success', message: BILLING_MESSAGES.noteUpdated });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li>
      <Sensitive as="div" className={styles.noteText}>
        {note.text}
      </Sensitive>
      <span className={styles.muted}>
        {formatDateTime(note.updatedAt, timeZone)}
        {note.authorName ? ` · ${note.authorName}` : ''}
      </span>
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isMutating}
          onClick={() =>
            void remove
              .trigger({ params: { id: note.id } })
              .then(() => notify({ variant: 'success', message: BILLING_MESSAGES.noteDeleted }))
              .catch((error: unknown) => notify({ variant: 'error', message: submitErrorMessage(error) }))
          }
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The invoice's internal notes (never printed), newest first, with a form to add one. */
export function InvoiceNotes({ invoiceId }: { invoiceId: number }) {
  const { notify } = useBanners();
  const notes = useRoute('listInvoiceNotes', { params: { id: invoiceId } });
  const create = useMutation('createInvoiceNote', { prependTo: ['listInvoiceNotes'] });
  const timeZone = usePracticeTimeZone();
  const items = notes.data?.items ?? [];
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Notes</Card.Title>
      </Card.Header>
      <Card.Body className={styles.stack}>
        <NoteForm
          label="Add a note"
          initial=""
          submitLabel="Add note"
          save={(text) => create.trigger({ params: { id: invoiceId }, body: { text } })}
          onDone={() => notify({ variant: 'success', message: BILLING_MESSAGES.noteCreated })}
        />
        {notes.view === 'error' ? (
          <LoadError what="the notes" error={notes.error} onRetry={notes.retry} />
        ) : notes.view === 'loading' ? (
          <Skeleton aria-label="Loading the notes" />
        ) : items.length === 0 ? (
          <p className={styles.muted}>No notes yet. Notes are for the team; they are never printed on the invoice.</p>
        ) : (
          <ul className={styles.notes}>
            {items.map((note) => (
              <NoteItem key={`${note.id}-${note.version}`} note={note} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
