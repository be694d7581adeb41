import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SESSION_CLIENT_ID } from '../SelectSession/sessionFixtures';
import { SessionModalDemo } from '../SelectSession/sessionTesting';

function Demo({ latency }: { latency: number }) {
  return (
    <SessionModalDemo
      type="select-session"
      props={{ clientId: SESSION_CLIENT_ID, purpose: 'invoice', onSelect: () => undefined }}
      label="Choose a session…"
      latency={latency}
    />
  );
}

const meta = {
  title: 'Modals/Select session',
  component: Demo,
  args: { latency: 0 },
  render: (args) => <Demo key={args.latency} {...args} />,
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose a session…' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Choose a session' }));
    await userEvent.click((await dialog.findAllByRole('radio'))[0]!);
    await userEvent.click(dialog.getByRole('button', { name: 'Choose' }));
    await expect(body.queryByRole('dialog', { name: 'Choose a session' })).toBeNull();
  },
};

/** A slow server: the loading and busy states. */
export const Slow: Story = { args: { latency: 800 } };
