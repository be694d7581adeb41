import { createMockClient, SESSION_CLIENT_ID, sessionHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithModals } from '../../test/renderWithModals';
import { Opener } from '../../sessions/sessionTesting';
import { PRIVATE_NOTE_SAVED } from './PrivateSessionNoteModal';

vi.mock('../SessionNote/RichTextEditorChunk', async () => import('../SessionNote/editorStub'));

async function open(sessionId: number, handlers = sessionHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(
    <Opener type="private-session-note" label="Private" props={{ clientId: SESSION_CLIENT_ID, sessionId }} />,
    { client },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Private' }));
  const editor = await screen.findByRole('textbox', { name: /^Private note/ });
  const dialog = within(screen.getByRole('dialog', { name: 'Private note' }));
  return { client, dialog, editor };
}

describe('private-session-note', { timeout: 20_000 }, () => {
  it('given an existing private note, then it opens with its text and saves with its version', async () => {
    const { client, dialog, editor } = await open(102);
    expect(dialog.getByText(/never shared with the client/)).toBeInTheDocument();
    expect(editor).toHaveValue('<p>Felt protective; notice in supervision.</p>');
    await userEvent.type(editor, ' Raised it.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save private note' }));
    expect(await screen.findByText(PRIVATE_NOTE_SAVED)).toBeInTheDocument();
    expect(client.mock.callsTo('savePrivateSessionNote')[0]?.input).toEqual({
      params: { sessionId: 102 },
      body: { contentHtml: '<p>Felt protective; notice in supervision.</p> Raised it.', version: 1 },
    });
  });

  it('given no private note yet, then it saves as version 0 (a new note)', async () => {
    const { client, dialog, editor } = await open(103);
    expect(editor).toHaveValue('');
    await userEvent.type(editor, 'First thoughts');
    await userEvent.click(dialog.getByRole('button', { name: 'Save private note' }));
    expect(await screen.findByText(PRIVATE_NOTE_SAVED)).toBeInTheDocument();
    expect(client.mock.callsTo('savePrivateSessionNote')[0]?.input).toMatchObject({ body: { version: 0 } });
  });

  it('given it changed elsewhere, then the 409 detail shows and the text is kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const detail = 'This private note was changed elsewhere since you opened it.';
    const { dialog, editor } = await open(102, {
      ...sessionHandlers(),
      savePrivateSessionNote: { error: { status: 409, message: detail } },
    });
    await userEvent.type(editor, ' Mine');
    await userEvent.click(dialog.getByRole('button', { name: 'Save private note' }));
    expect(await dialog.findByText(detail)).toBeInTheDocument();
    expect(editor).toHaveValue('<p>Felt protective; notice in supervision.</p> Mine');
    expect(dialog.getByRole('button', { name: 'Copy my text' })).toBeInTheDocument();
  });
});
