import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CountBadge } from './CountBadge';

const meta = {
  title: 'Design system/CountBadge/Features',
  component: CountBadge,
} satisfies Meta<typeof CountBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No count given: shows 0 (SPEC.md §9 badge counts default to 0). */
export const NoCount: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('0 unread')).toBeInTheDocument();
  },
};

/** A label function for other nouns. */
export const CustomLabel: Story = {
  args: { count: 1, label: (n: number) => `${n} upcoming appointment${n === 1 ? '' : 's'}` },
};

/** Hidden at zero when asked. */
export const HiddenAtZero: Story = {
  args: { count: 0, hideWhenZero: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toBeEmptyDOMElement();
  },
};

/** A custom cap. */
export const CustomMax: Story = { args: { count: 1500, max: 999 } };
