import { LEARNING_MESSAGES, shiftDate, todayDate } from '@halcyon/api/contract';
import { createMockClient, learningHandlers } from '@halcyon/api/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = learningHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="cpd-activity" label="Open" props={{ id, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

describe('cpd-activity', () => {
  it('given bad input (0 hours, a future date, no title), then each field says what to fix and nothing is sent', async () => {
    const { client } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Record CPD activity' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    const hours = inside.getByLabelText(/^Hours/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    fireEvent.change(inside.getByLabelText(/^Date/), { target: { value: shiftDate(todayDate(), { days: 3 }) } });
    await userEvent.click(inside.getByRole('button', { name: 'Record activity' }));
    expect(await inside.findByText('Enter more than 0 hours for the activity.')).toBeInTheDocument();
    expect(inside.getByText('Enter a title.')).toBeInTheDocument();
    expect(inside.getByText(/^Choose the date of the activity between .+ and today\.$/)).toBeInTheDocument();
    expect(client.mock.callsTo('createCpdActivity')).toHaveLength(0);
  });

  it('given a new activity with an evidence file, when saved, then the file is uploaded first and its id sent', async () => {
    const { client, onSaved } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Record CPD activity' });
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Title/), 'Working with grief');
    const hours = inside.getByLabelText(/^Hours/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '2.5');
    const file = new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' });
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await userEvent.click(inside.getByRole('button', { name: 'Record activity' }));
    expect(await screen.findByText(LEARNING_MESSAGES.cpdCreated)).toBeInTheDocument();
    expect(client.mock.calls.filter((call) => call.kind === 'upload')).toHaveLength(1);
    expect(client.mock.callsTo('createCpdActivity')[0]?.input).toMatchObject({
      body: { title: 'Working with grief', hours: 2.5, type: 'course', evidenceFileId: expect.any(String) },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('given an activity with evidence, when the file is removed and saved, then null is sent with the version', async () => {
    const { client } = await open(301);
    const dialog = await screen.findByRole('dialog', { name: 'Edit CPD activity' });
    const inside = within(dialog);
    await userEvent.click(await inside.findByRole('button', { name: /^Remove trauma-course-certificate/ }));
    await userEvent.click(inside.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText(LEARNING_MESSAGES.cpdUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateCpdActivity')[0]?.input).toMatchObject({
      params: { id: 301 },
      body: { evidenceFileId: null, version: 1 },
    });
  });

  it('given an existing activity, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    const { client } = await open(302);
    const dialog = await screen.findByRole('dialog', { name: 'Edit CPD activity' });
    await within(dialog).findByDisplayValue('Ethics in digital practice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('CPD activity was successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteCpdActivity')[0]?.input).toMatchObject({ params: { id: 302 } });
  });
});
