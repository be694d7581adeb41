import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Sparkline } from './Sparkline';

const meta = {
  title: 'Data/Sparkline',
  component: Sparkline,
  args: { label: 'PHQ-9 scores', values: [19, 17, 15, 14, 12, 11, 9], min: 0, max: 27, reference: 10 },
  argTypes: {
    values: { control: 'object' },
    width: { control: { type: 'number', min: 40, step: 8 } },
    height: { control: { type: 'number', min: 16, step: 4 } },
  },
} satisfies Meta<typeof Sparkline>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A client's PHQ-9 over seven sessions on the measure's 0–27 range, with the clinical cut-off dashed. */
export const Trend: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'PHQ-9 scores: 19, 17, 15, 14, 12, 11, 9 (latest 9)' }),
    ).toBeInTheDocument();
  },
};

/** The first score: a dot, no line yet. */
export const OneScore: Story = { args: { values: [16] } };

/** Scaled to its own values when no range is given. */
export const OwnRange: Story = {
  args: { values: [4, 6, 5, 8, 7], min: undefined, max: undefined, reference: undefined },
};
