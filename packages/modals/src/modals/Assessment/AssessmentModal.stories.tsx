import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { assessmentFixture } from './fixtures';

const client = createMockClient({
  latency: 150,
  handlers: {
    createAssessment: ({ body }) =>
      assessmentFixture({ measure: body.measure, status: body.status, answers: [...body.answers] }),
    updateAssessment: ({ body }) => assessmentFixture({ status: body.status, answers: [...body.answers], version: 2 }),
    singleAssessment: () => assessmentFixture({ measure: 'gad7', answers: [2, 2, 1, 1, 2, 1, 0] }),
  },
});

function Opener(props: ModalPropsMap['assessment']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('assessment', props)}>Open</Button>;
}

function AssessmentDemo(props: ModalPropsMap['assessment']) {
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Assessment',
  component: AssessmentDemo,
  args: { clientId: 7 },
} satisfies Meta<typeof AssessmentDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Recording a PHQ-9: the score and band update with each answer. */
export const Record: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await body.findByRole('dialog', { name: 'Record a measure' });
    const first = within(dialog).getByRole('radiogroup', { name: /^1\. / });
    await userEvent.click(within(first).getByRole('radio', { name: 'Nearly every day' }));
    await expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Score 3 of 27');
  },
};

/** A GAD-7 chosen by the caller. */
export const Gad7: Story = { args: { measure: 'gad7' } };

/** A submitted assessment opens read-only. */
export const Submitted: Story = {
  args: { id: 41 },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    await expect(await body.findByRole('dialog', { name: 'GAD-7 of 2026-01-15' })).toBeInTheDocument();
  },
};
