import { createMockClient, initialAssessmentFixture } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';

function Opener(props: ModalPropsMap['initial-assessment']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('initial-assessment', props)}>Initial assessment</Button>;
}

describe('initial-assessment', () => {
  it('given none yet, when the presenting problem is written and saved, then it is created (version null) and "Initial assessment saved." shows', async () => {
    const client = createMockClient({
      handlers: {
        initialAssessment: () => null,
        saveInitialAssessment: ({ body }) =>
          initialAssessmentFixture({ presentingProblem: body.presentingProblem ?? null }),
      },
    });
    renderWithModals(<Opener clientId={7} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Initial assessment' }));
    await screen.findByRole('textbox', { name: /Presenting problem/ });
    const dialog = screen.getByRole('dialog', { name: 'Initial assessment' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Presenting problem/ }), 'Low mood');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Initial assessment saved.')).toBeInTheDocument();
    expect(client.mock.callsTo('saveInitialAssessment')[0]?.input).toMatchObject({
      params: { clientId: 7 },
      body: { presentingProblem: 'Low mood', version: null },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('given a stored one changed elsewhere, when saved, then the conflict message shows, the text stays, and copying and reloading are offered', async () => {
    const client = createMockClient({
      handlers: {
        initialAssessment: () => initialAssessmentFixture({ goals: 'Sleep better', version: 3 }),
        saveInitialAssessment: {
          error: {
            status: 409,
            message:
              'The initial assessment was changed elsewhere since you opened it. Copy your text, reload, and apply it again.',
          },
        },
      },
    });
    renderWithModals(<Opener clientId={7} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Initial assessment' }));
    const goals = await screen.findByRole('textbox', { name: /Goals/ });
    const dialog = screen.getByRole('dialog', { name: 'Initial assessment' });
    expect(goals).toHaveValue('Sleep better');
    await userEvent.type(goals, ' and return to work');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/changed elsewhere/)).toBeInTheDocument();
    expect(goals).toHaveValue('Sleep better and return to work');
    expect(within(dialog).getByRole('button', { name: 'Copy my text' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reload the newest version' })).toBeInTheDocument();
    expect(client.mock.callsTo('saveInitialAssessment')[0]?.input).toMatchObject({ body: { version: 3 } });
    await expect(dialog).toHaveNoAxeViolations();
  });
});
