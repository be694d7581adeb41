import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PrivacyProvider } from './PrivacyProvider';
import { Sensitive } from './Sensitive';

const meta = {
  title: 'Design system/Sensitive/Features',
  component: Sensitive,
} satisfies Meta<typeof Sensitive>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A block of note text blurs as a whole and reveals on hover or focus. */
export const Block: Story = {
  render: () => (
    <PrivacyProvider defaultEnabled>
      <Sensitive as="div">
        <p>Client reported better sleep this week.</p>
        <p>Agreed to continue the breathing exercises.</p>
      </Sensitive>
    </PrivacyProvider>
  ),
};

/** Inside a table cell. */
export const InTable: Story = {
  render: () => (
    <PrivacyProvider defaultEnabled>
      <table>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Balance</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <Sensitive>Jane Doe</Sensitive>
            </td>
            <td>
              <Sensitive>£120.00</Sensitive>
            </td>
          </tr>
        </tbody>
      </table>
    </PrivacyProvider>
  ),
};

/** Without a provider privacy is off: nothing is blurred or focusable. */
export const WithoutProvider: Story = {
  render: () => <Sensitive>Jane Doe</Sensitive>,
  play: async ({ canvasElement }) => {
    const name = within(canvasElement).getByText('Jane Doe');
    await expect(name).toHaveAttribute('data-state', 'shown');
    await expect(name).not.toHaveAttribute('tabindex');
  },
};
