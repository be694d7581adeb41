import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Banner } from './Banner';
import { BannerProvider, BannerRegion, useBanners } from './BannerProvider';

const meta = {
  title: 'Design system/Banner',
  component: Banner,
  args: {
    variant: 'success',
    children: 'Session note was successfully deleted.',
    onDismiss: fn(),
    timeout: 0,
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['error', 'success', 'info'] },
    timeout: { control: { type: 'number', min: 0, step: 1000 } },
  },
} satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Session note was successfully deleted.');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

export const ErrorAlert: Story = {
  args: { variant: 'error', children: 'Failed to delete item. Please try again.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toBeInTheDocument();
  },
};

export const Info: Story = { args: { variant: 'info', children: 'Your calendar is syncing.' } };

export const WithoutDismiss: Story = { args: { onDismiss: undefined } };

function NotifyButtons() {
  const { notify } = useBanners();
  return (
    <div style={{ display: 'flex', gap: '0.5rem', marginTop: '1rem' }}>
      <button type="button" onClick={() => notify({ variant: 'success', message: 'Invoice sent.' })}>
        Success
      </button>
      <button type="button" onClick={() => notify({ variant: 'error', message: 'Failed to send invoice.' })}>
        Error
      </button>
      <button type="button" onClick={() => notify({ variant: 'info', message: 'Sticky note.', timeout: 0 })}>
        Sticky info
      </button>
    </div>
  );
}

/** The app's stack: `notify()` from anywhere under `BannerProvider`; each dismisses itself after 5 s unless hovered. */
export const Region: Story = {
  render: () => (
    <BannerProvider>
      <BannerRegion />
      <NotifyButtons />
    </BannerProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Success' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Error' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Invoice sent.');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to send invoice.');
  },
};
