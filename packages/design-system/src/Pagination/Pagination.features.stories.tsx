import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Pagination } from './Pagination';

const meta = {
  title: 'Design system/Pagination/Features',
  component: Pagination,
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A single page: every button is unavailable. */
export const SinglePage: Story = { args: { pageCount: 1 } };

/** No items at all still shows "Page 1 of 1". */
export const NoItems: Story = {
  args: { total: 0, pageSize: 25 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Page 1 of 1')).toBeInTheDocument();
  },
};

/** Controlled by the page (e.g. `?page=` in the URL); keyboard: End jumps to the last page. */
export const ControlledKeyboard: Story = {
  render: () => {
    function Paged() {
      const [page, setPage] = useState(2);
      return (
        <>
          <p>?page={page}</p>
          <Pagination page={page} onPageChange={setPage} pageCount={8} label="Clients pages" />
        </>
      );
    }
    return <Paged />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Next page' }).focus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByText('?page=8')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toHaveFocus();
  },
};
