import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PrivacyProvider, usePrivacy } from './PrivacyProvider';
import { Sensitive } from './Sensitive';

interface SensitiveDemoProps {
  privacy: boolean;
  as: 'span' | 'div';
}

function SensitiveDemo({ privacy, as }: SensitiveDemoProps) {
  return (
    <PrivacyProvider enabled={privacy}>
      <p>
        Next session with <Sensitive as={as}>Jane Doe</Sensitive> at 10:00.
      </p>
    </PrivacyProvider>
  );
}

const meta = {
  title: 'Design system/Sensitive',
  component: SensitiveDemo,
  args: { privacy: true, as: 'span' },
  argTypes: { as: { control: 'inline-radio', options: ['span', 'div'] } },
} satisfies Meta<typeof SensitiveDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Privacy on: blurred; hover or Tab to it to reveal. */
export const PrivacyOn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByText('Jane Doe');
    await expect(name).toHaveAttribute('data-state', 'hidden');
    await userEvent.tab();
    await expect(name).toHaveAttribute('data-state', 'shown');
  },
};

export const PrivacyOff: Story = {
  args: { privacy: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Jane Doe')).toHaveAttribute('data-state', 'shown');
  },
};

function PrivacySwitch() {
  const { enabled, setEnabled } = usePrivacy();
  return (
    <button type="button" aria-pressed={enabled} onClick={() => setEnabled(!enabled)}>
      Privacy {enabled ? 'On' : 'Off'}
    </button>
  );
}

/** Uncontrolled provider toggled from a switch through `usePrivacy()`, as the top bar does. */
export const WithToggle: Story = {
  render: () => (
    <PrivacyProvider>
      <PrivacySwitch />
      <p>
        Client: <Sensitive>Jane Doe</Sensitive>, phone <Sensitive>07700 900123</Sensitive>
      </p>
    </PrivacyProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Privacy Off' }));
    await expect(canvas.getByText('07700 900123')).toHaveAttribute('data-state', 'hidden');
  },
};
