import {
  createMockClient,
  SESSIONS,
  SESSION_CLIENT_ID,
  sessionHandlers,
  type MockRouteConfig,
} from '@halcyon/api/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalProps } from '../../types';
import { SESSION_MESSAGES, SESSION_NOT_STARTED } from '@halcyon/api/contract';
import { Opener } from '../../sessions/sessionTesting';
import { ADDENDUM_ADDED, AUTOSAVE_DELAY_MS, NOTE_SAVED, NOTE_SIGNED } from './SessionNoteModal';

vi.mock('./RichTextEditorChunk', async () => import('./editorStub'));

async function open(
  props: Partial<ModalProps<'session-note'>>,
  handlers = sessionHandlers(),
  name = 'Session note',
  privacy = false,
) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type="session-note" label="Note" props={{ clientId: SESSION_CLIENT_ID, ...props }} />, {
    client,
    privacy,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Note' }));
  // A loading state first, then the note.
  await screen.findByRole('button', { name: /^(Save draft|Add addendum)$/ });
  const dialog = within(screen.getByRole('dialog', { name }));
  return { client, dialog };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session-note', { timeout: 20_000 }, () => {
  it('given Privacy on, then the note text is blurred until the note field has focus', async () => {
    const { dialog } = await open({ sessionId: 102 }, sessionHandlers(), 'Session note', true);
    const editor = await dialog.findByRole('textbox', { name: /^Note/ });
    expect(editor).toHaveValue('<h3>Subjective</h3><p>Worried about work.</p>');
    act(() => dialog.getAllByRole('button', { name: 'Close' })[0]!.focus());
    const wrapper = editor.closest('[data-privacy]');
    expect(wrapper).toHaveAttribute('data-privacy', 'on');
    expect(wrapper).toHaveAttribute('data-state', 'hidden');
    act(() => editor.focus());
    expect(wrapper).toHaveAttribute('data-state', 'shown');
  });

  it('given a session without a note, then it starts from the SOAP template and "Save draft" creates it', async () => {
    const { client, dialog } = await open({ sessionId: 103 });
    const editor = await dialog.findByRole('textbox', { name: /^Note/ });
    expect(editor).toHaveValue(
      '<h3>Subjective</h3><p></p><h3>Objective</h3><p></p><h3>Assessment</h3><p></p><h3>Plan</h3><p></p>',
    );
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Talked about sleep.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(NOTE_SAVED)).toBeInTheDocument();
    expect(client.mock.callsTo('createSessionNote')[0]?.input).toEqual({
      params: { sessionId: 103 },
      body: { template: 'SOAP', contentHtml: 'Talked about sleep.' },
    });
  });

  it("given one of the practice's form templates chosen, then its sections and questions lay out the note, kept as free text", async () => {
    const { client, dialog } = await open({ sessionId: 103 });
    const editor = await dialog.findByRole('textbox', { name: /^Note/ });
    await userEvent.click(dialog.getByRole('combobox', { name: /^Template/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Form: Session feedback' }));
    expect((editor as HTMLTextAreaElement).value).toBe(
      '<h3>The session</h3><p><strong>I felt heard and understood.</strong> (0 to 10)</p><p></p>' +
        '<p><strong>Anything you would change?</strong></p><p></p>',
    );
    expect(dialog.getByText('Laid out by the form; the note is kept as free text.')).toBeInTheDocument();
    // Back to a named template while nothing was written: the form's layout goes with it.
    await userEvent.click(dialog.getByRole('combobox', { name: /^Template/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^DAP/ }));
    expect((editor as HTMLTextAreaElement).value).toMatch(/^<h3>Data<\/h3>/);
    await userEvent.click(dialog.getByRole('combobox', { name: /^Template/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Form: Session feedback' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(NOTE_SAVED)).toBeInTheDocument();
    expect(client.mock.callsTo('createSessionNote')[0]?.input).toMatchObject({
      body: { template: 'free', contentHtml: expect.stringContaining('<h3>The session</h3>') },
    });
  });

  it('given a draft, when typing stops for a few seconds, then it saves itself with its version', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { client, dialog } = await open({ sessionId: 102 });
    const editor = await dialog.findByRole('textbox', { name: /^Note/ });
    expect(editor).toHaveValue('<h3>Subjective</h3><p>Worried about work.</p>');
    await userEvent.type(editor, ' More.');
    expect(client.mock.callsTo('updateSessionNote')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 100));
    await waitFor(() => expect(client.mock.callsTo('updateSessionNote')).toHaveLength(1));
    expect(client.mock.callsTo('updateSessionNote')[0]?.input).toMatchObject({
      params: { id: 302 },
      body: { contentHtml: '<h3>Subjective</h3><p>Worried about work.</p> More.', version: 2 },
    });
    expect(await dialog.findByText(/^Draft saved at/)).toBeInTheDocument();
  });

  it('given the note changed elsewhere, when saved, then the server’s detail shows, the text is kept and can be copied', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const detail =
      'This note was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.';
    const { client, dialog } = await open(
      { id: 302 },
      {
        ...sessionHandlers(),
        updateSessionNote: { error: { status: 409, message: detail } },
      },
    );
    const editor = await dialog.findByRole('textbox', { name: /^Note/ });
    await userEvent.type(editor, ' Mine.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(await dialog.findByText(detail)).toBeInTheDocument();
    expect(editor).toHaveValue('<h3>Subjective</h3><p>Worried about work.</p> Mine.');
    expect(dialog.getByRole('button', { name: 'Copy my text' })).toBeInTheDocument();
    // Reloading replaces the text with the saved note and clears the conflict.
    await userEvent.click(dialog.getByRole('button', { name: 'Reload the newest version' }));
    await waitFor(() => expect(editor).toHaveValue('<h3>Subjective</h3><p>Worried about work.</p>'));
    expect(client.mock.callsTo('getSessionNote').length).toBeGreaterThan(0);
  });

  it('given a draft, when signed after confirming, then it is signed with its version and "Session note signed and locked." shows', async () => {
    const { client, dialog } = await open({ sessionId: 102 });
    await dialog.findByRole('textbox', { name: /^Note/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Sign and lock…' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Sign and lock this note?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Sign and lock' }));
    expect(await screen.findByText(NOTE_SIGNED)).toBeInTheDocument();
    expect(client.mock.callsTo('signSessionNote')[0]?.input).toEqual({ params: { id: 302 }, body: { version: 2 } });
  });

  it('given a draft still saving when "Sign and lock" is confirmed, then the autosave due meanwhile waits and sends nothing more, and no error shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const errors = vi.spyOn(console, 'error');
    const handlers = sessionHandlers();
    const slowUpdate: MockRouteConfig<'updateSessionNote'> = {
      response: handlers.updateSessionNote as MockRouteConfig<'updateSessionNote'>['response'],
      latency: AUTOSAVE_DELAY_MS * 2,
    };
    const { client, dialog } = await open({ sessionId: 102 }, { ...handlers, updateSessionNote: slowUpdate });
    const editor = await dialog.findByRole('textbox', { name: /^Note/ });
    await userEvent.type(editor, ' More.');
    await userEvent.click(dialog.getByRole('button', { name: 'Sign and lock…' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Sign and lock this note?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Sign and lock' }));
    // The autosave falls due while the sign's own save is still on its way.
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 4));
    expect(await screen.findByText(NOTE_SIGNED)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 4));
    expect(client.mock.callsTo('updateSessionNote')).toHaveLength(1);
    expect(client.mock.callsTo('signSessionNote')[0]?.input).toEqual({ params: { id: 302 }, body: { version: 3 } });
    expect(errors).not.toHaveBeenCalled();
  });

  it('given a session next week, then its draft note can be written but "Sign and lock" is not offered, and it says why', async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const sessions = SESSIONS.map((s) =>
      s.id === 102
        ? { ...s, startsAt: nextWeek.toISOString(), endsAt: new Date(nextWeek.getTime() + 50 * 60_000).toISOString() }
        : s,
    );
    const { dialog } = await open({ sessionId: 102 }, sessionHandlers({ sessions }));
    await dialog.findByRole('textbox', { name: /^Note/ });
    expect(dialog.getByText(new RegExp(SESSION_NOT_STARTED.sign))).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Sign and lock…' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save draft' })).toBeInTheDocument();
  });

  it('given a signed note, then it is read-only with its addenda, and an addendum is required and appended', async () => {
    const { client, dialog } = await open({ id: 301 }, sessionHandlers(), 'Signed note');
    expect(await dialog.findByRole('textbox', { name: 'Note (signed)' })).toHaveAttribute('readonly');
    expect(dialog.getByRole('textbox', { name: /^Addendum by Tomas Lindqvist/ })).toHaveAttribute('readonly');
    expect(dialog.queryByRole('button', { name: 'Sign and lock…' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Add addendum' }));
    expect(await dialog.findByText(SESSION_MESSAGES.addendumEmpty)).toBeInTheDocument();
    expect(client.mock.callsTo('addSessionNoteAddendum')).toHaveLength(0);
    await userEvent.type(dialog.getByRole('textbox', { name: /^New addendum/ }), 'GP letter sent.');
    await userEvent.click(dialog.getByRole('button', { name: 'Add addendum' }));
    expect(await screen.findByText(ADDENDUM_ADDED)).toBeInTheDocument();
    expect(client.mock.callsTo('addSessionNoteAddendum')[0]?.input).toEqual({
      params: { id: 301 },
      body: { contentHtml: 'GP letter sent.' },
    });
  });

  it('given no session, then it is a general clinical note with a title', async () => {
    const { client, dialog } = await open({}, sessionHandlers(), 'Clinical note');
    await userEvent.type(await dialog.findByRole('textbox', { name: /^Title/ }), 'Call with GP');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Note/ }), 'Agreed a medication review.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(NOTE_SAVED)).toBeInTheDocument();
    expect(client.mock.callsTo('createGenericNote')[0]?.input).toMatchObject({
      params: { clientId: SESSION_CLIENT_ID },
      body: { title: 'Call with GP' },
    });
  });
});
