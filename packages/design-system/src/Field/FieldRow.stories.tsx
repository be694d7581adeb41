import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Switch } from '../Switch';
import { TextField } from '../TextField';
import { FieldRow } from './FieldRow';

const meta = {
  title: 'Design system/FieldRow',
  component: FieldRow,
  args: { columnMin: 'md' },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--hds-space-4)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FieldRow>;
export default meta;
type Story = StoryObj<typeof meta>;

const tops = (canvas: HTMLElement) =>
  within(canvas)
    .getAllByRole('textbox')
    .map((box) => Math.round(box.getBoundingClientRect().top));

/** Fields with hints of different lengths, and one without: their boxes still line up. */
export const HintsOfDifferentLengths: Story = {
  render: (args) => (
    <FieldRow {...args}>
      <TextField label="Time zone" hint="Every date and time in Halcyon shows in this time zone, for every member." />
      <TextField label="Currency" hint="The default for services and invoices." />
      <TextField label="Postcode" />
    </FieldRow>
  ),
  play: async ({ canvasElement }) => {
    const [first, ...rest] = tops(canvasElement);
    for (const top of rest) await expect(top).toBe(first);
  },
};

/** An error under one field does not move its neighbours' boxes. */
export const WithAnError: Story = {
  render: (args) => (
    <FieldRow {...args}>
      <TextField label="Contact e-mail" error="Enter an e-mail address like name@example.com." defaultValue="ada@" />
      <TextField label="Contact phone" hint="With the country code if outside the practice's country." />
    </FieldRow>
  ),
  play: async ({ canvasElement }) => {
    const [first, second] = tops(canvasElement);
    await expect(second).toBe(first);
  },
};

/** A switch shares a line with a field; on a narrow screen each takes a line of its own. */
export const WithASwitch: Story = {
  render: (args) => (
    <FieldRow {...args}>
      <TextField label="Sign out after inactivity" hint="Minutes without activity before a member is signed out." />
      <Switch label="Require 2-step verification for every member" />
    </FieldRow>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch')).toBeVisible();
  },
};
