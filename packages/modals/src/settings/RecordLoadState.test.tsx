import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithModals } from '../test/renderWithModals';
import { RecordForm, type EditedRecord } from './RecordLoadState';

type Note = { id: number; version: number; text: string };

function resource(data: Note | null | undefined, overrides: Partial<EditedRecord<Note>> = {}): EditedRecord<Note> {
  return { data, error: undefined, retry: vi.fn(), reload: vi.fn(() => Promise.resolve(data)), ...overrides };
}

/** A form that keeps what was typed in its own state, so a new start shows. */
function NoteForm({ existing, onReload }: { existing: Note | null; onReload: () => Promise<void> }) {
  const [text, setText] = useState(existing?.text ?? '');
  return (
    <div>
      <input aria-label="Text" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => void onReload()}>
        Reload
      </button>
    </div>
  );
}

function renderForm(record: EditedRecord<Note>, editing = true) {
  return renderWithModals(
    <RecordForm editing={editing} record={record} title="Edit note" what="this note">
      {(existing, reload) => <NoteForm existing={existing} onReload={reload} />}
    </RecordForm>,
  );
}

describe('RecordForm', () => {
  it('given an id whose record is loading, then the modal says so; once gone, it says it no longer exists', () => {
    const { unmount } = renderForm(resource(undefined));
    expect(screen.getByRole('dialog', { name: 'Edit note' })).toHaveAccessibleDescription('Loading this note…');
    unmount();
    renderForm(resource(null));
    expect(screen.getByRole('dialog', { name: 'Edit note' })).toHaveAccessibleDescription(
      'This note no longer exists; it may have been deleted.',
    );
  });

  it('given no id, then the form starts empty at once', () => {
    renderForm(resource(undefined), false);
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('');
  });

  it('given a newer version of the record, then the form starts again from it; its reload asks for the newest', async () => {
    function Harness() {
      const [note, setNote] = useState<Note>({ id: 1, version: 1, text: 'Before' });
      const record = resource(note, {
        reload: () => {
          setNote({ id: 1, version: 2, text: 'After' });
          return Promise.resolve(undefined);
        },
      });
      return (
        <RecordForm editing record={record} title="Edit note" what="this note">
          {(existing, reload) => <NoteForm existing={existing} onReload={reload} />}
        </RecordForm>
      );
    }
    renderWithModals(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Text' });
    await userEvent.type(field, ' typed');
    expect(field).toHaveValue('Before typed');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('After')).toBeInTheDocument();
  });
});
