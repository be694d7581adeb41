import { assessmentScheduleFixture, createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';

/** A date inside the form's range (today onwards), whatever day the test runs. */
const START = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);

function Opener(props: ModalPropsMap['schedule-assessment']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('schedule-assessment', props)}>Send measure</Button>;
}

function mockClient() {
  return createMockClient({
    handlers: {
      createAssessmentSchedule: ({ body }) => assessmentScheduleFixture(body),
      sendMeasureLink: () => ({
        detail: 'Item successfully shared with the client.',
        sentTo: 'jane@client.example',
        expiresAt: '2026-01-22T09:00:00.000Z',
      }),
    },
  });
}

describe('schedule-assessment', () => {
  it('given a start date and a repeat, when scheduled, then the schedule is created with the weeks and the Created message shows', async () => {
    const client = mockClient();
    renderWithModals(
      <Opener clientId={7} measure="gad7" defaults={{ startDate: START }} clientEmail="jane@client.example" />,
      {
        client,
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a measure' });
    expect(within(dialog).getByText(/jane@client\.example/)).toBeInTheDocument();
    const weeks = within(dialog).getByRole('spinbutton', { name: /Every/ });
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Assessment schedule created.')).toBeInTheDocument();
    expect(client.mock.callsTo('createAssessmentSchedule')[0]?.input).toMatchObject({
      params: { clientId: 7 },
      body: { measure: 'gad7', startDate: START, repeatEveryWeeks: 4 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('given "Send once", then no repeat is sent', async () => {
    const client = mockClient();
    renderWithModals(<Opener clientId={7} defaults={{ startDate: START }} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Send measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a measure' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Send once' }));
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Assessment schedule created.');
    expect(client.mock.callsTo('createAssessmentSchedule')[0]?.input).toMatchObject({
      body: { repeatEveryWeeks: null, repeatEverySessions: null },
    });
  });

  it('given "Repeat every few sessions", then the number counts attended sessions and goes as repeatEverySessions', async () => {
    const client = mockClient();
    renderWithModals(<Opener clientId={7} defaults={{ startDate: START }} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Send measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a measure' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Repeat every few sessions' }));
    const every = within(dialog).getByRole('spinbutton', { name: /Every/ });
    expect(within(dialog).getByText(/Counts the sessions the client attends/)).toBeInTheDocument();
    await userEvent.clear(every);
    await userEvent.type(every, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Enter a whole number of sessions from 1 to 52.')).toBeInTheDocument();
    expect(client.mock.callsTo('createAssessmentSchedule')).toHaveLength(0);
    await userEvent.clear(every);
    await userEvent.type(every, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Assessment schedule created.');
    expect(client.mock.callsTo('createAssessmentSchedule')[0]?.input).toMatchObject({
      body: { startDate: START, repeatEveryWeeks: null, repeatEverySessions: 4 },
    });
  });

  it('given "Send now", then the link is e-mailed at once and SPEC.md\'s shared message shows', async () => {
    const client = mockClient();
    renderWithModals(<Opener clientId={7} mode="now" />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Send measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a measure' });
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Item successfully shared with the client.')).toBeInTheDocument();
    expect(client.mock.callsTo('sendMeasureLink')[0]?.input).toMatchObject({ body: { measure: 'phq9' } });
    expect(client.mock.callsTo('createAssessmentSchedule')).toHaveLength(0);
  });
});
