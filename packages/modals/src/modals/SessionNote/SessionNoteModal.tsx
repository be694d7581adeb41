import {
  formAsNoteHtml,
  SESSION_NOTE_TEMPLATES,
  SESSION_NOTE_TEMPLATE_LABELS,
  SESSION_MESSAGES,
  SESSION_NOT_STARTED,
  SESSION_TEXT_MAX,
  sessionHasStarted,
  sessionNoteTemplateHtml,
  type ClientSession,
  type SessionNote,
  type SessionNoteTemplate,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { AlertDialog, Button, FieldRow, Select, Skeleton, TextField, useBanners } from '@halcyon/design-system';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { formatTime, formatWhen } from '@halcyon/api/time';
import { useModalForm } from '../../form/useModalForm';
import { useModalInstance } from '../../host/context';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { SessionNoteModalProps } from '../../types';
import { describeSession } from '../../sessions/sessionShared';
import { LazyRichTextEditor } from './LazyRichTextEditor';
import { htmlToText, isBlankHtml } from './noteText';
import styles from './SessionNote.module.css';

/** Created or Updated messages for the other record types (SPEC.md §8). */
export const NOTE_SAVED = 'Session note saved.';
export const NOTE_SIGNED = 'Session note signed and locked.';
export const ADDENDUM_ADDED = 'Addendum added to the signed note.';
/** Inactivity before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;

type Props = SessionNoteModalProps;
type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed' };

const TEMPLATE_OPTIONS = SESSION_NOTE_TEMPLATES.map((value) => ({ value, label: SESSION_NOTE_TEMPLATE_LABELS[value] }));
/** The Template choice of one of the practice's form templates: this prefix and its place in the list. */
const FORM_OPTION = 'form:';

/**
 * session-note: the note of a session (or, with `generic`, a general clinical note). A draft has a template and rich
 * text and saves itself after a few seconds without typing; "Sign and lock" (confirmed) makes it part of the record,
 * after which it changes only by addenda. A save refused because the note changed elsewhere (409) shows the server's
 * words and keeps the text, with "Copy my text" and "Reload the newest version".
 */
export function SessionNoteModal(props: Props) {
  const { id, sessionId, generic = false } = props;
  const isGeneric = generic || (sessionId === undefined && id === undefined);
  const sessionRoute = useRoute('getClientSession', sessionId !== undefined ? { params: { id: sessionId } } : null);
  const resolvedId = id ?? sessionRoute.data?.sessionNotes[0]?.id;
  const noteRoute = useRoute(
    isGeneric ? 'getGenericNote' : 'getSessionNote',
    resolvedId !== undefined ? { params: { id: resolvedId } } : null,
  );
  const waitingForSession = sessionId !== undefined && sessionRoute.data === undefined && !sessionRoute.error;
  const waitingForNote = resolvedId !== undefined && noteRoute.data === undefined && !noteRoute.error;
  const loadError =
    (sessionId !== undefined && (sessionRoute.error !== undefined || sessionRoute.data === null)) ||
    (resolvedId !== undefined && (noteRoute.error !== undefined || noteRoute.data === null))
      ? 'This note could not be loaded: it may have been deleted.'
      : null;
  // Latched once loaded: saves refresh the shared cache (which empties these entries for a moment) and the form must
  // not start over while that happens.
  const [loaded, setLoaded] = useState<{ initial: SessionNote | null; session: ClientSession | null } | null>(null);
  if (!loaded && !loadError && !waitingForSession && !waitingForNote) {
    setLoaded({ initial: noteRoute.data ?? null, session: sessionRoute.data ?? null });
  }
  if (!loaded) {
    return (
      <ModalShell
        title={isGeneric ? 'Clinical note' : 'Session note'}
        description="Loading the note."
        error={loadError}
      >
        {!loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the note" />}
      </ModalShell>
    );
  }
  return <NoteForm {...props} isGeneric={isGeneric} initial={loaded.initial} session={loaded.session} />;
}

/** The note's form: what the server has is the form's default values, so "dirty" means "not saved yet". */
interface NoteValues {
  template: SessionNoteTemplate;
  title: string;
  contentHtml: string;
  addendum: string;
}

/** Whether the form holds text the server does not have yet (`stored`: the note as last saved). */
function unsaved(
  values: Pick<NoteValues, 'template' | 'title' | 'contentHtml'>,
  stored: Partial<Pick<NoteValues, 'template' | 'title' | 'contentHtml'>> | undefined,
  isGeneric: boolean,
): boolean {
  return (
    values.contentHtml !== stored?.contentHtml ||
    values.template !== stored?.template ||
    (isGeneric && values.title !== stored?.title)
  );
}

function NoteForm({
  clientId,
  sessionId,
  defaults,
  onSaved,
  isGeneric,
  initial,
  session,
}: Props & { isGeneric: boolean; initial: SessionNote | null; session: ClientSession | null }) {
  const client = useApiClient();
  const instance = useModalInstance();
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const startTemplate = initial?.template ?? defaults?.template ?? 'SOAP';
  const [note, setNote] = useState<SessionNote | null>(initial);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [confirmSign, setConfirmSign] = useState(false);
  // The note's writes, one at a time (a write waits for the one before it), and the note as last answered (read by
  // writes that run after a re-render).
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const noteRef = useRef<SessionNote | null>(initial);
  const createNote = useMutation('createSessionNote');
  const createGeneric = useMutation('createGenericNote');
  const updateNote = useMutation('updateSessionNote');
  const signNote = useMutation('signSessionNote');
  const addAddendum = useMutation('addSessionNoteAddendum');
  const signed = note?.status === 'signed';

  const contract = useModalForm<NoteValues, NoteValues, SessionNote | null>(null, {
    defaultValues: {
      template: startTemplate,
      title: initial?.title ?? defaults?.title ?? '',
      contentHtml: initial?.contentHtml ?? sessionNoteTemplateHtml(startTemplate),
      addendum: '',
    },
    submit: async ({ addendum }): Promise<SessionNote | null> => {
      if (signed) return addAddendum.trigger({ params: { id: note?.id ?? 0 }, body: { contentHtml: addendum } });
      return saveDraft();
    },
    onSuccess: async (result) => {
      notify({ variant: 'success', message: signed ? ADDENDUM_ADDED : NOTE_SAVED });
      if (result) await onSaved?.(result);
    },
    copyText: (values) => htmlToText(values.contentHtml),
  });
  const { form, shellProps, conflict, reportError, clearSubmitError, run } = contract;
  const [template, title, html, addendum] = useWatch({
    control: form.control,
    name: ['template', 'title', 'contentHtml', 'addendum'],
  });
  const dirty = !signed && unsaved({ template, title, contentHtml: html }, form.formState.defaultValues, isGeneric);
  // The practice's form templates can lay out a note too (CATALOG.md: "or a form template").
  const forms = useRoute('listFormTemplates');
  const [formChoice, setFormChoice] = useState<string | null>(null);
  // A built-in form the practice replaced with its own is not offered (the library lists it, marked overridden).
  const formOptions = (forms.data?.items ?? []).flatMap((item, index) =>
    item.builtIn && item.overridden ? [] : [{ value: `${FORM_OPTION}${index}`, label: `Form: ${item.name}` }],
  );
  /** The text a template (or a chosen form) starts the note with. */
  const templateHtml = (choice: string | null, named: SessionNoteTemplate) => {
    const chosen = choice ? forms.data?.items[Number(choice.slice(FORM_OPTION.length))] : undefined;
    return chosen ? formAsNoteHtml(chosen.definition) : sessionNoteTemplateHtml(named);
  };

  /** The note as the server answered: it becomes what the form compares with, the typed values stay. */
  const apply = useCallback(
    (fresh: SessionNote, replaceInput = false) => {
      noteRef.current = fresh;
      setNote(fresh);
      const values = { template: fresh.template, title: fresh.title, contentHtml: fresh.contentHtml, addendum: '' };
      form.reset(values, replaceInput ? {} : { keepValues: true, keepErrors: true, keepIsSubmitted: true });
    },
    [form],
  );

  /** Runs `write` once every write queued before it has settled, so no two of the note's writes cross. */
  const queue = useCallback(<T,>(write: () => Promise<T>): Promise<T> => {
    const next = writes.current.catch(() => null).then(write);
    writes.current = next;
    return next;
  }, []);

  /**
   * Sends the draft unless the server already has it (creating the note first if needed); resolves to the note as
   * saved, or throws the API error. Call it inside `queue`: what it compares with is the last write's answer.
   */
  const writeDraft = useCallback(async (): Promise<SessionNote | null> => {
    const current = noteRef.current;
    const values = form.getValues();
    if (current && (current.status === 'signed' || !unsaved(values, current, isGeneric))) {
      return current;
    }
    const body = { template: values.template, contentHtml: values.contentHtml };
    const typedTitle = values.title.trim();
    const send = async () => {
      if (!current) {
        if (isGeneric) {
          return createGeneric.trigger({
            params: { clientId },
            body: { ...body, title: typedTitle || 'Clinical note' },
          });
        }
        return createNote.trigger({ params: { sessionId: sessionId! }, body });
      }
      return updateNote.trigger({
        params: { id: current.id },
        body: { ...body, version: current.version, ...(isGeneric && typedTitle ? { title: typedTitle } : {}) },
      });
    };
    setSave({ kind: 'saving' });
    try {
      const result = await send();
      if (result) {
        apply(result);
        setSave({ kind: 'saved', at: new Date().toISOString() });
        clearSubmitError();
      }
      return result;
    } catch (error) {
      setSave({ kind: 'failed' });
      throw error;
    }
  }, [apply, clearSubmitError, clientId, createGeneric, createNote, form, isGeneric, sessionId, updateNote]);

  const saveDraft = useCallback(() => queue(writeDraft), [queue, writeDraft]);

  // Autosave: a few seconds after the last change, unless a conflict is waiting to be resolved.
  const saveRef = useRef(saveDraft);
  useEffect(() => {
    saveRef.current = saveDraft;
  }, [saveDraft]);
  useEffect(() => {
    if (!dirty || conflict) return;
    const timer = setTimeout(() => {
      saveRef.current().catch(reportError);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dirty, conflict, html, template, title, reportError]);

  async function reload() {
    if (!note) return;
    const fresh = await client.call(isGeneric ? 'getGenericNote' : 'getSessionNote', { params: { id: note.id } });
    if (!fresh) return;
    apply(fresh, true);
    setSave({ kind: 'idle' });
  }

  function sign() {
    setConfirmSign(false);
    form.clearErrors('contentHtml');
    if (isBlankHtml(form.getValues('contentHtml'))) {
      form.setError('contentHtml', { type: 'required', message: SESSION_MESSAGES.noteEmpty });
      return;
    }
    void run(async () => {
      // The save and the sign are one write: an autosave falling due meanwhile waits, then finds the note signed.
      const result = await queue(async () => {
        const current = await writeDraft();
        if (!current) return null;
        const answer = await signNote.trigger({ params: { id: current.id }, body: { version: current.version } });
        if (answer) apply(answer);
        return answer;
      });
      if (!result) return;
      await instance?.succeed(async () => {
        notify({ variant: 'success', message: NOTE_SIGNED });
        await onSaved?.(result);
      });
    });
  }

  const titleText = signed ? 'Signed note' : isGeneric ? 'Clinical note' : 'Session note';
  // A session's note is signed once the session has started: before, the draft can be written but not signed.
  const canSign = !signed && (!session || sessionHasStarted(session.startsAt));
  const description = signed
    ? `Signed${note?.signedByName ? ` by ${note.signedByName}` : ''}${note?.signedAt ? ` on ${formatWhen(note.signedAt, timeZone)}` : ''}. It is locked: add an addendum to correct or add to it.`
    : session
      ? `${describeSession(session, timeZone)}${canSign ? '' : `. ${SESSION_NOT_STARTED.sign}`}`
      : 'A general clinical note, not tied to a session.';

  return (
    <ModalShell
      title={titleText}
      description={description}
      size="lg"
      {...shellProps}
      dirty={dirty || (signed && !isBlankHtml(addendum))}
      onReload={reload}
      submitLabel={signed ? 'Add addendum' : 'Save draft'}
      extraActions={
        canSign ? (
          <Button variant="secondary" onClick={() => setConfirmSign(true)} disabled={shellProps.busy || conflict}>
            Sign and lock…
          </Button>
        ) : undefined
      }
    >
      {signed ? (
        <ModalFields sensitive>
          <LazyRichTextEditor label="Note (signed)" readOnly value={note?.contentHtml ?? ''} />
          {note?.addenda.map((a) => (
            <LazyRichTextEditor
              key={a.id}
              label={`Addendum${a.createdByName ? ` by ${a.createdByName}` : ''}, ${formatWhen(a.createdAt, timeZone)}`}
              readOnly
              value={a.contentHtml}
            />
          ))}
          <Controller
            control={form.control}
            name="addendum"
            rules={{ validate: (value) => !isBlankHtml(value) || SESSION_MESSAGES.addendumEmpty }}
            render={({ field, fieldState }) => (
              <LazyRichTextEditor
                label="New addendum"
                hint="Appended below the signed note with your name and the time; the note itself does not change."
                required
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                placeholder="Correction or addition…"
              />
            )}
          />
        </ModalFields>
      ) : (
        <ModalFields sensitive>
          <FieldRow>
            <Select
              label="Template"
              options={[...TEMPLATE_OPTIONS, ...formOptions]}
              value={formChoice ?? template}
              hint={formChoice ? 'Laid out by the form; the note is kept as free text.' : undefined}
              onValueChange={(value) => {
                // An untouched template is swapped for the new one; written text is kept.
                const untouched = isBlankHtml(html) || html === templateHtml(formChoice, template);
                const next = value.startsWith(FORM_OPTION) ? 'free' : (value as SessionNoteTemplate);
                const chosen = value.startsWith(FORM_OPTION) ? value : null;
                if (untouched) form.setValue('contentHtml', templateHtml(chosen, next));
                form.setValue('template', next);
                setFormChoice(chosen);
              }}
            />
            {isGeneric && (
              <TextField label="Title" required maxLength={SESSION_TEXT_MAX.noteTitle} {...form.register('title')} />
            )}
          </FieldRow>
          <Controller
            control={form.control}
            name="contentHtml"
            render={({ field, fieldState }) => (
              <LazyRichTextEditor
                label="Note"
                required
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                placeholder="What happened in the session…"
              />
            )}
          />
          <p className={styles.status} aria-live="polite">
            {save.kind === 'saving'
              ? 'Saving the draft…'
              : save.kind === 'saved'
                ? `Draft saved at ${formatTime(save.at, timeZone)}.`
                : save.kind === 'failed'
                  ? 'Not saved yet.'
                  : `Drafts save themselves a few seconds after you stop typing.`}
          </p>
        </ModalFields>
      )}
      <AlertDialog.Root open={confirmSign} onOpenChange={setConfirmSign}>
        <AlertDialog.Content size="sm">
          <AlertDialog.Title>Sign and lock this note?</AlertDialog.Title>
          <AlertDialog.Description>
            A signed note becomes part of the clinical record and can no longer be changed. Corrections are added as
            addenda.
          </AlertDialog.Description>
          <AlertDialog.Footer>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Keep editing</Button>
            </AlertDialog.Cancel>
            <Button variant="primary" onClick={() => void sign()}>
              Sign and lock
            </Button>
          </AlertDialog.Footer>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </ModalShell>
  );
}
