import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion } from './Accordion';

interface AccordionDemoProps {
  type: 'single' | 'multiple';
  collapsible: boolean;
}

const sections = [
  { value: 'goals', title: 'Goals', body: 'Reduce panic attacks to fewer than one a week.' },
  { value: 'interventions', title: 'Interventions', body: 'Weekly CBT sessions with graded exposure.' },
  { value: 'review', title: 'Review', body: 'Reviewed every six sessions with the client.' },
];

function AccordionDemo({ type, collapsible }: AccordionDemoProps) {
  const items = sections.map((s) => (
    <Accordion.Item key={s.value} value={s.value}>
      <Accordion.Trigger>{s.title}</Accordion.Trigger>
      <Accordion.Content>{s.body}</Accordion.Content>
    </Accordion.Item>
  ));
  return type === 'single' ? (
    <Accordion.Root type="single" collapsible={collapsible} defaultValue="goals">
      {items}
    </Accordion.Root>
  ) : (
    <Accordion.Root type="multiple" defaultValue={['goals']}>
      {items}
    </Accordion.Root>
  );
}

const meta = {
  title: 'Design system/Accordion',
  component: AccordionDemo,
  args: { type: 'single', collapsible: true },
  argTypes: { type: { control: 'inline-radio', options: ['single', 'multiple'] } },
} satisfies Meta<typeof AccordionDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Review' }));
    await expect(canvas.getByRole('button', { name: 'Review' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: 'Goals' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Multiple: Story = {
  args: { type: 'multiple' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Review' }));
    await expect(canvas.getByRole('button', { name: 'Goals' })).toHaveAttribute('aria-expanded', 'true');
  },
};
