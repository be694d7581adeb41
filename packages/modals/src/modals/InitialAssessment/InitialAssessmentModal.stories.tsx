import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { initialAssessmentFixture } from './fixtures';

const client = createMockClient({
  latency: 150,
  handlers: {
    initialAssessment: () => initialAssessmentFixture(),
    saveInitialAssessment: ({ body }) =>
      initialAssessmentFixture({ goals: body.goals ?? null, version: (body.version ?? 0) + 1 }),
  },
});

function Opener(props: ModalPropsMap['initial-assessment']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('initial-assessment', props)}>Open</Button>;
}

function InitialAssessmentDemo(props: ModalPropsMap['initial-assessment']) {
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/InitialAssessment',
  component: InitialAssessmentDemo,
  args: { clientId: 7 },
} satisfies Meta<typeof InitialAssessmentDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing the stored assessment: goals added, saved. */
export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const goals = await body.findByRole('textbox', { name: /Goals/ });
    await userEvent.type(goals, 'Sleep through the night');
    await userEvent.click(body.getByRole('button', { name: 'Save' }));
    await expect(await body.findByText('Initial assessment saved.')).toBeInTheDocument();
  },
};
