import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';

describe('RichTextEditor', () => {
  it('given a label, hint and error, then the editable area is a labelled, described, invalid multi-line text box', () => {
    render(
      <RichTextEditor label="Session note" hint="Only the team sees this." error="Write the note." defaultValue="" />,
    );
    const box = screen.getByRole('textbox', { name: 'Session note' });
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Write the note. Only the team sees this.');
  });

  it('given HTML, then it is shown, and the toolbar names every tool with its pressed state', () => {
    render(<RichTextEditor label="Note" defaultValue="<h2>Plan</h2><p><strong>Review</strong> in two weeks</p>" />);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
    for (const name of ['Bold', 'Italic', 'Heading', 'Subheading', 'Bulleted list', 'Numbered list', 'Undo', 'Redo']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(toolbar).toHaveAttribute('aria-controls', screen.getByRole('textbox', { name: 'Note' }).id);
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('given a tool pressed, then the content changes and onChange receives the HTML', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor label="Note" defaultValue="<p>Item</p>" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toMatch(/^<ul><li><p>Item<\/p><\/li><\/ul>/);
  });

  it('given a controlled value changed from outside, then the editor shows it without reporting a change', async () => {
    const onChange = vi.fn();
    let set: (html: string) => void = () => undefined;
    function Controlled() {
      const [value, setValue] = useState('<p>First</p>');
      set = setValue;
      return <RichTextEditor label="Note" value={value} onChange={onChange} />;
    }
    render(<Controlled />);
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => set('<p>Second</p>'));
    await waitFor(() => expect(screen.getByText('Second')).toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('given readOnly, then there is no toolbar and the text cannot be edited', () => {
    render(<RichTextEditor label="Signed note" readOnly defaultValue="<p>Locked</p>" />);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Signed note' });
    expect(box).toHaveAttribute('contenteditable', 'false');
    expect(box).toHaveAttribute('aria-readonly', 'true');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <RichTextEditor label="Note" hint="Formatting is kept." defaultValue="<p>Hello</p>" required />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
