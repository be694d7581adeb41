import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Field, type FieldRender } from './Field';

const renderInput: FieldRender = (props) => <input {...props} />;

const meta = {
  title: 'Design system/Field',
  component: Field,
  args: {
    label: 'Preferred name',
    hint: 'What the client likes to be called.',
    error: '',
    required: false,
    hideLabel: false,
    children: renderInput,
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A render-prop child receives `id`, `aria-describedby`, `aria-invalid`, `aria-errormessage`, `aria-required`. */
export const RenderProp: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Preferred name' });
    await expect(input).toHaveAccessibleDescription('What the client likes to be called.');
  },
};

/** An error says what to fix; it is read before the hint. */
export const WithError: Story = {
  args: { error: 'Enter a preferred name, or leave the box empty to use the first name.', required: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Preferred name' })).toBeInvalid();
  },
};

/** A single element child gets the same props merged in. */
export const ElementChild: Story = {
  args: { label: 'Notes for reception', hint: 'Not shown to the client.' },
  render: (args) => (
    <Field {...args}>
      <textarea rows={3} />
    </Field>
  ),
};
