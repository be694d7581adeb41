import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SESSION_CLIENT_ID } from '../SelectSession/sessionFixtures';
import { SessionModalDemo } from '../SelectSession/sessionTesting';
import { NOTE_SAVED } from './SessionNoteModal';

function Demo({ latency }: { latency: number }) {
  return (
    <SessionModalDemo
      type="session-note"
      props={{ clientId: SESSION_CLIENT_ID, sessionId: 102 }}
      label="Open note…"
      latency={latency}
    />
  );
}

const meta = {
  title: 'Modals/Session note',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Open note…' }));
    // A loading state first, then the note.
    const editor = await body.findByRole('textbox', { name: /^Note/ }, { timeout: 5000 });
    const dialog = within(body.getByRole('dialog', { name: 'Session note' }));
    await userEvent.click(editor);
    await userEvent.keyboard(' Plan to review sleep diary.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save draft' }));
    await expect(await canvas.findByText(NOTE_SAVED)).toBeInTheDocument();
  },
};

/** A slow server: the loading and busy states. */
export const Slow: Story = { args: { latency: 800 } };

function SignedDemo() {
  return (
    <SessionModalDemo type="session-note" props={{ clientId: SESSION_CLIENT_ID, id: 301 }} label="Open signed note…" />
  );
}

/** A signed note: read-only text and addenda, and a new addendum below. */
export const Signed: StoryObj<typeof SignedDemo> = {
  render: () => <SignedDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open signed note…' }));
    await expect(await body.findByRole('textbox', { name: /^New addendum/ }, { timeout: 5000 })).toBeInTheDocument();
    await expect(body.getByRole('dialog', { name: 'Signed note' })).toBeInTheDocument();
  },
};
