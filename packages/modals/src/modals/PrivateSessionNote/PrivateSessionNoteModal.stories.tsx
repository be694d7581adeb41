import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SESSION_CLIENT_ID } from '../SelectSession/sessionFixtures';
import { SessionModalDemo } from '../SelectSession/sessionTesting';
import { PRIVATE_NOTE_SAVED } from './PrivateSessionNoteModal';

function Demo({ latency }: { latency: number }) {
  return (
    <SessionModalDemo
      type="private-session-note"
      props={{ clientId: SESSION_CLIENT_ID, sessionId: 102 }}
      label="Private note…"
      latency={latency}
    />
  );
}

const meta = {
  title: 'Modals/Private session note',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Private note…' }));
    // A loading state first, then the note.
    const editor = await body.findByRole('textbox', { name: /^Private note/ }, { timeout: 5000 });
    const dialog = within(body.getByRole('dialog', { name: 'Private note' }));
    await userEvent.click(editor);
    await userEvent.keyboard(' Bring to supervision.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save private note' }));
    await expect(await canvas.findByText(PRIVATE_NOTE_SAVED)).toBeInTheDocument();
  },
};

/** A slow server: the loading and busy states. */
export const Slow: Story = { args: { latency: 800 } };
