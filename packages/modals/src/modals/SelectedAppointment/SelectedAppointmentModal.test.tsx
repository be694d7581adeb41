import { ApiError } from '@halcyon/api/client';
import { DIARY_MESSAGES } from '@halcyon/api/contract';
import { SESSIONS, createMockClient, diaryHandlers, sessionHandlers, type MockHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { billingModalHandlers } from '../../billing/billingTesting';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalProps } from '../../types';

// "Open note" opens session-note: the editor stub stands in for the rich-text editor, as in session-note's own tests (the
// project's files share their worker's modules, so loading the real editor here would reach the next file's mocks too).
vi.mock('../SessionNote/RichTextEditorChunk', async () => import('../SessionNote/editorStub'));

function open(
  props: ModalProps<'selected-appointment'>,
  options: { handlers?: MockHandlers; role?: 'admin' | 'therapist' | 'assistant'; privacy?: boolean } = {},
) {
  const client = createMockClient({ handlers: { ...sessionHandlers(), ...diaryHandlers(), ...options.handlers } });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[options.role ?? 'therapist'];
  renderWithModals(<Opener type="selected-appointment" label="Open" props={props} />, {
    client,
    privacy: options.privacy,
  });
  return { client, opened: userEvent.click(screen.getByRole('button', { name: 'Open' })) };
}

const SLOW = { timeout: 5000 };

describe('selected-appointment', { timeout: 20_000 }, () => {
  it('given a session, then it shows when, who, where and its status, with every action for a therapist', async () => {
    const { opened } = open({ eventId: 'session-101' });
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: 'Session: Individual therapy' }, SLOW));
    expect(dialog.getAllByText(/12 Jan 2026, 09:00–09:50/).length).toBeGreaterThan(0);
    expect(dialog.getByText('Morgan Adeyemi')).toBeInTheDocument();
    expect(dialog.getByText('In person: Room 2')).toBeInTheDocument();
    expect(dialog.getByText('Scheduled')).toBeInTheDocument();
    const actions = within(dialog.getByRole('group', { name: 'Actions for this session' }));
    await actions.findByRole('button', { name: 'Open note' }, SLOW);
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Move',
      'Edit session',
      'Mark attendance',
      'Cancel session',
      'Open note',
      'Invoice',
      'Delete',
    ]);
  });

  it('given a session held, then its note opens from the diary and "Invoice" starts an invoice of that session', async () => {
    const { client, opened } = open({ eventId: 'session-101' }, { handlers: billingModalHandlers() });
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: 'Session: Individual therapy' }, SLOW));
    await userEvent.click(await dialog.findByRole('button', { name: 'Open note' }, SLOW));
    // The note opens on the session's signed note (its loading dialog gives way to the note itself).
    await waitFor(() => expect(client.mock.callsTo('getSessionNote')[0]?.input).toEqual({ params: { id: 301 } }), SLOW);
    expect(await screen.findByRole('dialog', { name: 'Signed note' }, SLOW)).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const again = within(await screen.findByRole('dialog', { name: 'Session: Individual therapy' }, SLOW));
    await userEvent.click(await again.findByRole('button', { name: 'Invoice' }, SLOW));
    expect(await screen.findByRole('dialog', { name: /invoice/i }, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('listBillableItems')[0]?.input).toEqual({ params: { clientId: 7 } });
  });

  it('given an invoiced session, then it links to its invoice instead of offering a new one', async () => {
    const session = SESSIONS.find((s) => s.id === 101)!;
    const { opened } = open(
      { eventId: 'session-101' },
      {
        handlers: {
          getClientSession: () => ({
            ...session,
            invoice: { id: 12, number: 'INV-0007', draft: false, state: 'unpaid' },
          }),
        },
      },
    );
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: 'Session: Individual therapy' }, SLOW));
    expect(await dialog.findByRole('link', { name: 'Invoice INV-0007' }, SLOW)).toHaveAttribute('href', '/Billing/12');
    expect(dialog.queryByRole('button', { name: 'Invoice' })).toBeNull();
  });

  it('given the Assistant, then a session can only be moved (no clinical actions) and its client is blurred with Privacy on', async () => {
    const { opened } = open({ eventId: 'session-101' }, { role: 'assistant', privacy: true });
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: 'Session: Individual therapy' }, SLOW));
    const actions = within(dialog.getByRole('group', { name: 'Actions for this session' }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual(['Move']);
    expect(dialog.getByText('Morgan Adeyemi')).toHaveAttribute('data-state', 'hidden');
  });

  it('given a proposed move, when confirmed, then the event is moved with its version and "Session updated." shows', async () => {
    const onChanged = vi.fn();
    const { client, opened } = open({
      eventId: 'session-101',
      move: { startsAt: '2026-01-12T10:00:00.000Z', endsAt: '2026-01-12T10:50:00.000Z' },
      onChanged,
    });
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: 'Move session: Individual therapy' }, SLOW));
    expect(dialog.getByLabelText(/^Start/)).toHaveValue('10:00');
    // The client is told the new time unless the therapist says not to.
    const notify = dialog.getByRole('checkbox', { name: /E-mail the client the new time/ });
    expect(notify).toBeChecked();
    await userEvent.click(notify);
    await userEvent.click(dialog.getByRole('button', { name: 'Move session' }));
    expect(await screen.findByText('Session updated.', undefined, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('moveDiaryEvent')[0]?.input).toEqual({
      params: { id: 'session-101' },
      body: {
        startsAt: '2026-01-12T10:00:00.000Z',
        endsAt: '2026-01-12T10:50:00.000Z',
        scope: 'this',
        version: 1,
        ignoreConflicts: false,
        notifyClient: false,
      },
    });
    expect(onChanged).toHaveBeenCalled();
  });

  it('given a session dragged onto another event, then the dialog warns of the clash before saving and shows the fee a cancellation now would cost', async () => {
    const { opened, client } = open({
      eventId: 'session-102',
      move: { startsAt: '2026-01-12T16:00:00.000Z', endsAt: '2026-01-12T16:50:00.000Z' },
    });
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: /^Move session/ }, SLOW));
    const warning = await dialog.findByText(/already has/, undefined, SLOW);
    expect(warning).toHaveTextContent(
      'At that time Tomas Lindqvist already has the appointment Supervision (16:00–17:00). The diary will refuse it: choose another time.',
    );
    // Only the session's member's diary can clash: the preview reads theirs, not the whole practice's.
    expect(client.mock.callsTo('retrieveDiaryEvents')[0]?.input).toMatchObject({ query: { therapistId: 2 } });
    // The cancellation policy's fee (the fixtures: 50% of £60.00 inside 24 hours), not a fixed sentence.
    expect(
      await dialog.findByText(
        'Per your cancellation policy (cancelled less than 24 hours before the start), the fee is £30.00: 50% of the £60.00 session price.',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    // Moved back to a free time, the warning goes.
    await userEvent.clear(dialog.getByLabelText(/^Start/));
    await userEvent.type(dialog.getByLabelText(/^Start/), '13:00');
    await userEvent.clear(dialog.getByLabelText(/^End/));
    await userEvent.type(dialog.getByLabelText(/^End/), '13:50');
    await vi.waitFor(() => expect(dialog.queryByText(/already has/)).not.toBeInTheDocument(), SLOW);
  });

  it('given a clash where the practice allows double-booking, then the clash is named and "Book anyway" saves over it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, opened } = open(
      { eventId: 'session-102', move: { startsAt: '2026-01-12T16:00:00.000Z', endsAt: '2026-01-12T16:50:00.000Z' } },
      { handlers: diaryHandlers({ preferences: { allowDoubleBooking: true, version: 1 } }) },
    );
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: /^Move session/ }, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Move session' }));
    expect(await dialog.findByText(/That overlaps Supervision/, undefined, SLOW)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Book anyway' }));
    expect(await screen.findByText('Session updated.', undefined, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('moveDiaryEvent')[1]?.input).toMatchObject({ body: { ignoreConflicts: true } });
  });

  it('given the event changed elsewhere (409), then the sentence shows with copy and reload, never "Book anyway"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { opened } = open(
      {
        eventId: 'appointment-202',
        move: { startsAt: '2026-01-14T16:00:00.000Z', endsAt: '2026-01-14T17:00:00.000Z' },
      },
      {
        handlers: {
          ...diaryHandlers({ preferences: { allowDoubleBooking: true, version: 1 } }),
          moveDiaryEvent: { error: { status: 409, message: DIARY_MESSAGES.eventChanged } },
        },
      },
    );
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: /^Edit appointment/ }, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(DIARY_MESSAGES.eventChanged, undefined, SLOW)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reload the newest version' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Book anyway' })).not.toBeInTheDocument();
  });

  it('given an appointment of a series, when all its events are deleted, then the diary is asked with that scope', async () => {
    const { client, opened } = open({ eventId: 'appointment-201' });
    await opened;
    const dialog = within(await screen.findByRole('dialog', { name: 'Appointment: Supervision' }, SLOW));
    await userEvent.click(dialog.getByRole('radio', { name: 'All events in the series' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog', {}, SLOW));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DIARY_MESSAGES.appointmentDeleted, undefined, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('deleteDiaryEvent')[0]?.input).toEqual({
      params: { id: 'appointment-201' },
      query: { scope: 'all' },
    });
  });

  it('given the event cannot be read, then the modal says so with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const handlers = diaryHandlers();
    const details = handlers.retrieveAppointment as (...args: never[]) => unknown;
    const { opened } = open(
      { eventId: 'session-101' },
      {
        handlers: {
          retrieveAppointment: ((input: never, ctx: never) => {
            if (fail) throw new ApiError(503, 'The service is busy. Try again in a moment.');
            return details(input, ctx);
          }) as never,
        },
      },
    );
    await opened;
    expect(await screen.findByText('This event could not be loaded', undefined, SLOW)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Session: Individual therapy' }, SLOW)).toBeInTheDocument();
  });
});
