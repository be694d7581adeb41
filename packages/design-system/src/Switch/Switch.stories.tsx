import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './Switch';

const meta = {
  title: 'Design system/Switch',
  component: Switch,
  args: {
    label: 'Online booking',
    hint: 'Clients can request sessions from your booking page.',
    onCheckedChange: fn(),
  },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The visible On/Off text means the state never depends on colour alone. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Online booking' }));
    await expect(canvas.getByText('On')).toBeInTheDocument();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const On: Story = { args: { defaultChecked: true } };

export const CustomText: Story = { args: { label: 'Privacy mode', hint: '', onText: 'Blurred', offText: 'Visible' } };

export const Disabled: Story = { args: { disabled: true } };
