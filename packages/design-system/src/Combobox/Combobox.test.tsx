import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './Combobox';

const clients: ComboboxOption[] = [
  { value: '1', label: 'Ana Okafor', description: 'Born 12 Mar 1988' },
  { value: '2', label: 'Anil Mehta' },
  { value: '3', label: 'Hannah Lee' },
];
const search = (query: string) =>
  Promise.resolve(clients.filter((c) => c.label.toLowerCase().includes(query.toLowerCase())));

describe('Combobox', () => {
  it('given typing, when the pause passes, then loadOptions runs once with the query and results are listed', async () => {
    const loadOptions = vi.fn(search);
    render(<Combobox label="Client" loadOptions={loadOptions} debounceMs={400} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'an');
    expect(screen.getByText('Searching…', { selector: 'p' })).toBeInTheDocument();
    expect(loadOptions).not.toHaveBeenCalled();
    expect(await screen.findByRole('option', { name: /Ana Okafor/ }, { timeout: 3000 })).toBeInTheDocument();
    expect(loadOptions).toHaveBeenCalledTimes(1);
    expect(loadOptions).toHaveBeenCalledWith('an', expect.any(AbortSignal));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('3 results available.');
  });

  it('given results, when Down, Down and Enter are pressed, then the second result is chosen', async () => {
    const onValueChange = vi.fn();
    render(<Combobox label="Client" loadOptions={search} debounceMs={0} onValueChange={onValueChange} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'an');
    await screen.findByRole('option', { name: /Anil Mehta/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Anil Mehta/ });
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Hannah Lee/ }).id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith(clients[1]);
    expect(input).toHaveValue('Anil Mehta');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('given a pointer, when a result is clicked, then it is chosen', async () => {
    const onValueChange = vi.fn();
    render(<Combobox label="Client" loadOptions={search} debounceMs={0} onValueChange={onValueChange} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'hann');
    await userEvent.click(await screen.findByRole('option', { name: /Hannah Lee/ }));
    expect(onValueChange).toHaveBeenCalledWith(clients[2]);
  });

  it('given no matches, then the empty message shows and is announced', async () => {
    render(<Combobox label="Client" loadOptions={search} debounceMs={0} emptyMessage="No clients match." />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'zz');
    expect(await screen.findByText('No clients match.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No clients match.');
  });

  it('given a failing search, then the error message shows', async () => {
    render(<Combobox label="Client" loadOptions={() => Promise.reject(new Error('x'))} debounceMs={0} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'an');
    expect(await screen.findByText('Search failed. Please try again.', { selector: 'p' })).toBeInTheDocument();
  });

  it('given an older slow answer, when a newer query answers first, then the older one is ignored', async () => {
    let releaseSlow: (value: ComboboxOption[]) => void = () => undefined;
    const loadOptions = vi.fn((query: string) =>
      query === 'a' ? new Promise<ComboboxOption[]>((resolve) => (releaseSlow = resolve)) : search(query),
    );
    render(<Combobox label="Client" loadOptions={loadOptions} debounceMs={0} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'a');
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith('a', expect.any(AbortSignal)));
    await userEvent.type(input, 'nil');
    await screen.findByRole('option', { name: /Anil Mehta/ });
    releaseSlow(clients);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('given an open list, when Escape is pressed twice, then it closes and then clears', async () => {
    const onValueChange = vi.fn();
    render(
      <Combobox
        label="Client"
        loadOptions={search}
        debounceMs={0}
        defaultValue={clients[0]}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Client' });
    expect(input).toHaveValue('Ana Okafor');
    await userEvent.clear(input);
    await userEvent.type(input, 'an');
    await screen.findByRole('option', { name: /Ana Okafor/ });
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('an');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('given a name, a ref and a controlled value, then the hidden input carries the value and the ref is the input', () => {
    const ref = createRef<HTMLInputElement>();
    const { container } = render(
      <Combobox ref={ref} label="Client" name="clientId" loadOptions={search} value={clients[2]} />,
    );
    expect(container.querySelector('input[type="hidden"]')).toHaveValue('3');
    expect(ref.current).toBe(screen.getByRole('combobox', { name: 'Client' }));
    expect(ref.current).toHaveValue('Hannah Lee');
  });

  it('has no axe violations with results open', async () => {
    const { container } = render(
      <Combobox label="Client" hint="Search by name." loadOptions={search} debounceMs={0} />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'an');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    await expect(container).toHaveNoAxeViolations();
  });
});
