import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { registerLike } from '../Field/registerLike';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('given showCount and maxLength, when typing, then the count follows and describes the box', async () => {
    render(<TextArea label="Reason" showCount maxLength={200} />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    await userEvent.type(box, 'Unwell');
    expect(screen.getByText('6 / 200')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('6 of 200 characters used');
  });

  it('given the limit is near, when typing, then what is left is announced politely', async () => {
    render(<TextArea label="Summary" showCount maxLength={20} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Summary' }), 'Twelve chars');
    expect(screen.getByText('8 characters left')).toHaveAttribute('aria-live', 'polite');
    await userEvent.type(screen.getByRole('textbox', { name: 'Summary' }), ' and more!');
    expect(screen.getByText('Character limit reached')).toBeInTheDocument();
  });

  it('given register with a default value, then the count starts from it and the ref is the textarea', () => {
    const field = registerLike('note', 'Hello');
    render(<TextArea label="Note" showCount maxLength={100} {...field.props} />);
    expect(field.state.element).toBe(screen.getByRole('textbox', { name: 'Note' }));
    expect(screen.getByText('5 / 100')).toBeInTheDocument();
  });

  it('given a controlled value, then the count follows the value', () => {
    const ref = createRef<HTMLTextAreaElement>();
    render(<TextArea ref={ref} label="Note" showCount value="abc" onChange={() => undefined} />);
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(ref.current).toBeInstanceOf(HTMLTextAreaElement);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <TextArea label="Note" hint="Visible to the team." showCount maxLength={500} error="Add a note." />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
