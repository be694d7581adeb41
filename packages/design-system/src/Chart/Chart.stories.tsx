import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BarChart, LineChart } from './Chart';
import { attendance, income, phq9 } from './examples';

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

const meta = {
  title: 'Data/Chart',
  component: LineChart,
  args: {
    data: phq9,
    title: 'PHQ-9 score by session',
    description: 'Lower is better. A 5-point drop is a reliable change.',
    xLabel: 'Session',
    yLabel: 'Score',
    filename: 'phq9',
    defaultView: 'chart',
    onViewChange: fn(),
    referenceLines: [
      { value: 20, label: 'Severe (20)', variant: 'danger' },
      { value: 10, label: 'Moderate (10)', variant: 'warning' },
    ],
  },
  argTypes: {
    data: { control: 'object' },
    title: { control: 'text' },
    defaultView: { control: 'inline-radio', options: ['chart', 'table'] },
    width: { control: { type: 'number', min: 200, step: 20 } },
    height: { control: { type: 'number', min: 120, step: 20 } },
  },
} satisfies Meta<typeof LineChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A measure trend with clinical cut-offs (Dashboard2 and the client's measures). */
export const Line: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }));
    await expect(args.onViewChange).toHaveBeenCalledWith('table');
    await expect(canvas.getByRole('table', { name: /PHQ-9 score by session/ })).toBeInTheDocument();
  },
};

export const TableView: Story = { args: { defaultView: 'table' } };

/** Income and outstanding by month (12 months). */
export const Bars: Story = {
  args: {
    data: income,
    title: 'Income and outstanding by month',
    description: undefined,
    xLabel: 'Month',
    yLabel: undefined,
    referenceLines: [],
    formatValue: (value: number) => money.format(value),
    filename: 'income',
  },
  render: (args) => <BarChart {...args} />,
};

/** Sessions per week by attendance, stacked. */
export const StackedBars: Story = {
  args: {
    data: attendance,
    title: 'Sessions per week',
    description: 'Attended, cancelled and no-show.',
    xLabel: 'Week',
    yLabel: 'Sessions',
    referenceLines: [{ value: 20, label: 'Weekly target (20)', variant: 'info' }],
    filename: 'sessions-per-week',
  },
  render: (args) => <BarChart {...args} stacked />,
};
