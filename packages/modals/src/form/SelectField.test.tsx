import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './SelectField';

const OPTIONS = [
  { value: 'rooms', label: 'Rooms' },
  { value: 'travel', label: 'Travel' },
];

function Harness({ error, onValue }: { error?: string; onValue: (value: string) => void }) {
  const form = useForm<{ category: string }>({ defaultValues: { category: 'rooms' } });
  const category = useWatch({ control: form.control, name: 'category' });
  useEffect(() => onValue(category), [category, onValue]);
  useEffect(() => {
    if (error) form.setError('category', { message: error });
  }, [error, form]);
  return <SelectField control={form.control} name="category" label="Category" required options={OPTIONS} />;
}

describe('SelectField', () => {
  it('given a form field, then it shows its value, and a choice changes the field', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const select = screen.getByRole('combobox', { name: /^Category/ });
    expect(select).toHaveTextContent('Rooms');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Travel' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('travel'));
  });

  it('given the field has a message, then the select shows it', async () => {
    render(<Harness error="Choose a category." onValue={vi.fn()} />);
    expect(await screen.findByText('Choose a category.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveAttribute('aria-invalid', 'true');
  });
});
