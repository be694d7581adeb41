import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Select } from '../Select';
import { Switch } from '../Switch';
import { TextArea } from '../TextArea';
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

/** In a narrow column the boxes shrink to it: none spills past the row or onto its neighbour. */
export const NarrowColumns: Story = {
  args: { columnMin: 'sm', style: { width: '21rem' } },
  render: (args) => (
    <FieldRow {...args}>
      <TextField label="First name" />
      <TextField label="Last name" />
    </FieldRow>
  ),
  play: async ({ canvasElement }) => {
    const [first, last] = within(canvasElement).getAllByRole('textbox');
    const row = first?.closest('[style]')?.getBoundingClientRect();
    const a = first?.getBoundingClientRect();
    const b = last?.getBoundingClientRect();
    if (!row || !a || !b) throw new Error('The row and its two boxes should render.');
    await expect(a.right).toBeLessThanOrEqual(b.left);
    await expect(b.right).toBeLessThanOrEqual(row.right + 0.5);
  },
};

/** Every kind of box keeps to its own column, also a text area with its count under it. */
export const MixedControls: Story = {
  render: (args) => (
    <FieldRow {...args}>
      <TextArea label="Reason for referral" maxLength={200} showCount />
      <Select
        label="Status"
        hint="Who sees the client in lists."
        options={[
          { value: 'active', label: 'Active' },
          { value: 'waitlist', label: 'Waiting list' },
        ]}
        defaultValue="active"
      />
    </FieldRow>
  ),
  play: async ({ canvasElement }) => {
    for (const field of Array.from(canvasElement.querySelectorAll('[data-layout="stack"]'))) {
      const left = Math.round(field.getBoundingClientRect().left);
      for (const part of Array.from(field.children)) {
        const box = part.getBoundingClientRect();
        if (box.width > 1) await expect(Math.round(box.left)).toBe(left);
      }
    }
  },
};
