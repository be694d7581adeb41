import type { Meta, StoryObj } from '@storybook/react-vite';
import { Archive, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DropdownMenu } from './DropdownMenu';

interface MenuDemoProps {
  defaultOpen: boolean;
  align: 'start' | 'center' | 'end';
  onEdit: () => void;
  onDelete: () => void;
}

function MenuDemo({ defaultOpen, align, onEdit, onDelete }: MenuDemoProps) {
  const [showArchived, setShowArchived] = useState(false);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger>Actions</DropdownMenu.Trigger>
      <DropdownMenu.Content align={align}>
        <DropdownMenu.Label>Client</DropdownMenu.Label>
        <DropdownMenu.Item icon={<Pencil />} shortcut="E" onSelect={onEdit}>
          Edit details
        </DropdownMenu.Item>
        <DropdownMenu.Item icon={<Archive />} disabled>
          Archive
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.CheckboxItem checked={showArchived} onCheckedChange={setShowArchived}>
          Show archived
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.Separator />
        <DropdownMenu.Item icon={<Trash2 />} variant="danger" onSelectAfterClose={onDelete}>
          Delete
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

const meta = {
  title: 'Design system/DropdownMenu',
  component: MenuDemo,
  args: { defaultOpen: false, align: 'start', onEdit: fn(), onDelete: fn() },
  argTypes: { align: { control: 'inline-radio', options: ['start', 'center', 'end'] } },
} satisfies Meta<typeof MenuDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard: Enter opens on the first item, arrows skip the disabled item, Enter selects and focus returns. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Actions' }).focus();
    await userEvent.keyboard('{Enter}');
    const edit = await screen.findByRole('menuitem', { name: 'Edit details' });
    await waitFor(() => expect(edit).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitemcheckbox', { name: 'Show archived' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard('{Enter}');
    await expect(args.onEdit).toHaveBeenCalledOnce();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Actions' })).toHaveFocus());
  },
};

export const Open: Story = { args: { defaultOpen: true } };
