import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Stepper, type StepperProps } from './Stepper';

const steps = [
  { id: 'details', label: 'Client details', description: 'Name and contact' },
  { id: 'billing', label: 'Billing', description: 'Fee and payer' },
  { id: 'consent', label: 'Consent', description: 'Sent by email' },
  { id: 'review', label: 'Review' },
];

function NavigableStepper(props: StepperProps) {
  const [current, setCurrent] = useState('review');
  return <Stepper {...props} current={current} onStepSelect={setCurrent} />;
}

const meta = {
  title: 'Design system/Stepper',
  component: Stepper,
  args: { steps, current: 'billing', orientation: 'horizontal', 'aria-label': 'Onboarding progress' },
  argTypes: {
    current: { control: 'select', options: steps.map((s) => s.id) },
    orientation: { control: 'inline-radio', options: ['horizontal', 'vertical'] },
  },
} satisfies Meta<typeof Stepper>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const current = within(canvasElement).getByText('Billing').closest('li');
    await expect(current).toHaveAttribute('aria-current', 'step');
  },
};

export const Vertical: Story = { args: { orientation: 'vertical', current: 'consent' } };

/** Complete steps become buttons that go back to them. */
export const Navigable: Story = {
  render: (args) => <NavigableStepper {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Billing/ }));
    await expect(canvas.getByText('Billing').closest('li')).toHaveAttribute('aria-current', 'step');
  },
};
