import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from './Pagination';

const meta = {
  title: 'Design system/Pagination',
  component: Pagination,
  args: { defaultPage: 3, pageCount: 12, onPageChange: fn() },
  argTypes: {
    defaultPage: { control: { type: 'number', min: 1 } },
    pageCount: { control: { type: 'number', min: 1 } },
  },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page 3 of 12')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Page 4 of 12')).toBeInTheDocument();
    await expect(args.onPageChange).toHaveBeenCalledWith(4);
  },
};

export const FirstPage: Story = { args: { defaultPage: 1 } };
export const LastPage: Story = { args: { defaultPage: 12 } };

/** From a total and a page size: 230 clients at 25 a page. */
export const FromTotal: Story = {
  args: { pageCount: undefined, total: 230, pageSize: 25, defaultPage: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Page 1 of 10')).toBeInTheDocument();
  },
};
