import type { Meta, StoryObj } from '@storybook/react-vite';
import { BarChart, LineChart } from './Chart';
import { months } from './examples';

const meta = {
  title: 'Data/Chart/Features',
  component: LineChart,
  args: { title: 'Edge cases', data: { labels: [], series: [] } },
} satisfies Meta<typeof LineChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No data yet: axes only, an empty table. */
export const NoData: Story = {};

/** A single point sits in the middle. */
export const SinglePoint: Story = {
  args: { title: 'First measure', data: { labels: ['S1'], series: [{ label: 'GAD-7', values: [14] }] } },
};

/** Negative values (net income after expenses) draw below the zero line. */
export const NegativeValues: Story = {
  args: {
    title: 'Net income',
    data: { labels: months.slice(0, 6), series: [{ label: 'Net', values: [1200, -300, 800, -950, 400, 1500] }] },
  },
  render: (args) => <BarChart {...args} />,
};

/** 52 weekly labels: only about twelve are printed so they never overlap. */
export const ManyLabels: Story = {
  args: {
    title: 'Sessions per week, last year',
    data: {
      labels: Array.from({ length: 52 }, (_, i) => `W${i + 1}`),
      series: [{ label: 'Sessions', values: Array.from({ length: 52 }, (_, i) => 15 + ((i * 7) % 9)) }],
    },
  },
};

/** Six series use the whole palette. */
export const SixSeries: Story = {
  args: {
    title: 'Active clients by status',
    data: {
      labels: ['Q1', 'Q2', 'Q3', 'Q4'],
      series: ['Active', 'Waitlist', 'Paused', 'Referred', 'Discharged', 'Other'].map((label, s) => ({
        label,
        values: [4, 6, 5, 7].map((v) => v + s),
      })),
    },
  },
  render: (args) => <BarChart {...args} />,
};
